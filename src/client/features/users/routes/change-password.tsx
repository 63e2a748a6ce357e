// Change password (/me/password): one button that e-mails a reset link (spec sections 2 and 8).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSendResetLoggedIn } from '../api/send-reset-logged-in';

export function Component() {
  const { t } = useTranslation('users');
  const send = useSendResetLoggedIn();
  return (
    <section className="card narrow-card">
      <h1>{t('password.title')}</h1>
      <p>{t('password.intro')}</p>
      {send.isSuccess && <p className="alert success" role="status">{t('password.sent')}</p>}
      {send.isError && <p className="alert error" role="alert">{t('password.failed')}</p>}
      <button type="button" className="btn primary" disabled={send.isPending} onClick={() => send.mutate()}>
        {t('password.send')}
      </button>
      <p><Link to="/me">{t('password.back')}</Link></p>
    </section>
  );
}
