// Reset Password modal (spec section 2): e-mail input, steps, Cancel and Reset Password.
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useSendResetEmail } from '../api/send-reset-email';

export const RESET_SENT = 'If we found an account registered to that address, we have sent you an email with further instructions.';

export function ResetPasswordModal({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const send = useSendResetEmail();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending || send.isSuccess) return;
    send.mutate(email.trim());
  };
  return (
    <Modal title="Reset Password" onClose={onClose}>
      <form onSubmit={submit} noValidate={false}>
        <ol className="steps">
          <li>Enter the email address you registered with.</li>
          <li>We email you a link to reset your password.</li>
          <li>Open the link and choose a new password.</li>
        </ol>
        <label htmlFor="reset-email">Email</label>
        <input id="reset-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {send.isSuccess && <p className="alert success" role="status">{RESET_SENT}</p>}
        {send.isError && (
          <p className="alert error" role="alert">
            Couldn&apos;t reset password{send.error instanceof ApiError && send.error.status === 429 ? `. ${send.error.message}` : ''}
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          {!send.isSuccess && (
            <button type="submit" className="btn primary" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Reset Password'}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
