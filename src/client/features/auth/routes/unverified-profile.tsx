// /unverifiedprofile/:email (spec section 2): the account is not verified yet; a resend link.
import { Link, useParams } from 'react-router-dom';
import { useResendVerification } from '../api/resend-verification';
import { Trans, useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation('auth');
  const { email = '' } = useParams();
  const resend = useResendVerification();
  return (
    <section className="card auth-card">
      <h1>{t('unverifiedProfile.pleaseVerifyYourAccount')}</h1>
      <p>
        <Trans t={t} i18nKey="unverifiedProfile.notVerified" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      {resend.isSuccess ? (
        <p className="alert success" role="status">{t('unverifiedProfile.emailSent')}</p>
      ) : (
        <p>
          {t('unverifiedProfile.didnTGetThe')}{' '}
          <button type="button" className="btn link" disabled={resend.isPending} onClick={() => resend.mutate(email)}>{t('unverifiedProfile.here')}</button>{' '}
          {t('unverifiedProfile.toSendItAgain')}
        </p>
      )}
      {resend.isError && <p className="alert error" role="alert">{resend.error.message}</p>}
      <Link to="/login">{t('unverifiedProfile.goToLoginPage')}</Link>
    </section>
  );
}
