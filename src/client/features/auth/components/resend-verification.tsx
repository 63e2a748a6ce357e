// The unverified-account message with its 'here' link (spec section 2, Login): clicking resends the
// verification e-mail; the text then reads 'Email sent!' and the link is hidden.
import { useResendVerification } from '../api/resend-verification';

export function ResendVerification({ who, message }: { who: string; message: string }) {
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return <p className="alert success" role="status">Email sent!</p>;
  }
  return (
    <p className="alert warning" role="alert">
      {message}{' '}
      To send the verification email again, click{' '}
      <button type="button" className="btn link" disabled={resend.isPending} onClick={() => resend.mutate(who)}>
        here
      </button>
      .
      {resend.isError && <span className="field-error"> {resend.error.message}</span>}
    </p>
  );
}
