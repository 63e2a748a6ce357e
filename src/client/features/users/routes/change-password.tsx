// Change password (/me/password): one button that e-mails a reset link (spec sections 2 and 8).
import { Link } from 'react-router-dom';
import { useSendResetLoggedIn } from '../api/send-reset-logged-in';

export function Component() {
  const send = useSendResetLoggedIn();
  return (
    <section className="card narrow-card">
      <h1>Change password</h1>
      <p>We will email you a link to choose a new password.</p>
      {send.isSuccess && <p className="alert success" role="status">We have sent you an email with further instructions.</p>}
      {send.isError && <p className="alert error" role="alert">There was a problem processing your request.</p>}
      <button type="button" className="btn primary" disabled={send.isPending} onClick={() => send.mutate()}>
        Send Me A Password Reset Link
      </button>
      <p><Link to="/me">Back to my profile</Link></p>
    </section>
  );
}
