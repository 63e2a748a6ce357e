// /emailverified/:token (spec section 2): 'Verifying your account...', then success goes to
// /login?verified=true, a link opened again for an account already verified to
// /login?verified=already, failure shows 'Your account could not be verified. Please try again.'
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { verifyEmail } from '../api/verify-email';
import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // The token works once: never send it twice (React StrictMode runs effects twice in development).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    verifyEmail(token)
      .then((result) => navigate(`/login?verified=${result.alreadyVerified ? 'already' : 'true'}`, { replace: true }))
      .catch(() => setFailed(true));
  }, [token, navigate]);

  return (
    <section className="card auth-card">
      <h1>{t('emailVerified.emailVerification')}</h1>
      {failed ? (
        <p className="alert error" role="alert">{t('emailVerified.yourAccountCouldNot')}</p>
      ) : (
        <>
          <p>{t('emailVerified.verifyingYourAccount')}</p>
          <Spinner label={t('emailVerified.verifyingYourAccount2')} />
        </>
      )}
      <Link to="/login">{t('emailVerified.goToLoginPage')}</Link>
    </section>
  );
}
