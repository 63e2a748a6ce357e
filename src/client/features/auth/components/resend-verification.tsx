// The unverified-account message with its 'here' link (spec section 2, Login): clicking resends the
// verification e-mail; the text then reads 'Email sent!' and the link is hidden.
import { useResendVerification } from '../api/resend-verification';
import { useTranslation } from 'react-i18next';

export function ResendVerification({ who, message }: { who: string; message: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return <p className="alert success" role="status">{t('resendVerification.emailSent')}</p>;
  }
  return (
    <p className="alert warning" role="alert">
      {message}{' '}
      {t('resendVerification.toSendTheVerification')}{' '}
      <button type="button" className="btn link" disabled={resend.isPending} onClick={() => resend.mutate(who)}>
        {t('resendVerification.here')}
      </button>
      .
      {resend.isError && <span className="field-error"> {resend.error.message}</span>}
    </p>
  );
}
