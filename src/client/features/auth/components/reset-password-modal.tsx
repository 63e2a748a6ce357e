// Reset Password modal (spec section 2): e-mail input, steps, Cancel and Reset Password.
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useSendResetEmail } from '../api/send-reset-email';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

export const RESET_SENT = 'If we found an account registered to that address, we have sent you an email with further instructions.';

export function ResetPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const send = useSendResetEmail();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending || send.isSuccess) return;
    send.mutate(email.trim());
  };
  return (
    <Modal title={t('resetPasswordModal.resetPassword')} onClose={onClose}>
      <form onSubmit={submit} noValidate={false}>
        <ol className="steps">
          <li>{t('resetPasswordModal.enterTheEmailAddress')}</li>
          <li>{t('resetPasswordModal.weEmailYouA')}</li>
          <li>{t('resetPasswordModal.openTheLinkAnd')}</li>
        </ol>
        <label htmlFor="reset-email">{t('resetPasswordModal.email')}</label>
        <input id="reset-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {send.isSuccess && <p className="alert success" role="status">{translateMessage(RESET_SENT)}</p>}
        {send.isError && (
          <p className="alert error" role="alert">
            {t('resetPasswordModal.couldnTResetPassword')}{send.error instanceof ApiError && send.error.status === 429 ? `. ${send.error.message}` : ''}
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>{t('resetPasswordModal.cancel')}</button>
          {!send.isSuccess && (
            <button type="submit" className="btn primary" disabled={send.isPending}>
              {send.isPending ? t('resetPasswordModal.sending') : t('resetPasswordModal.resetPassword')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
