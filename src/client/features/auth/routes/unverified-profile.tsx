// /unverifiedprofile/:email (spec section 2): the account is not verified yet; a resend link.
import { Link, useParams } from 'react-router-dom';
import { useResendVerification } from '../api/resend-verification';

export function Component() {
  const { email = '' } = useParams();
  const resend = useResendVerification();
  return (
    <section className="card auth-card">
      <h1>Please verify your account</h1>
      <p>
        Your account has not been verified yet. We sent a verification link to <strong>{email}</strong>. Open it to
        finish setting up your account.
      </p>
      {resend.isSuccess ? (
        <p className="alert success" role="status">Email sent!</p>
      ) : (
        <p>
          Didn&apos;t get the email? Click{' '}
          <button type="button" className="btn link" disabled={resend.isPending} onClick={() => resend.mutate(email)}>here</button>{' '}
          to send it again.
        </p>
      )}
      {resend.isError && <p className="alert error" role="alert">{resend.error.message}</p>}
      <Link to="/login">Go to login page</Link>
    </section>
  );
}
