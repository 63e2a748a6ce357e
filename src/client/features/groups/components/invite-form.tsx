// Invite by e-mail (spec section 5): the address must have the e-mail shape, otherwise the field is
// flagged; it is flagged too when the invite fails. 'Invite sent.' on success.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useToast } from '../../../components/toast';
import { GROUP_MESSAGES, sendInviteSchema } from '../../../../shared/schemas/groups';
import { useSendInvite } from '../api/send-invite';
import { useTranslation } from 'react-i18next';

export function InviteForm({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const toast = useToast();
  const send = useSendInvite();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const parsed = v.safeParse(sendInviteSchema, { email });
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ groupId, email: parsed.output.email });
      toast(GROUP_MESSAGES.inviteSent);
      setEmail('');
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <form className="invite-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor="invite-email">{t('inviteForm.inviteByEmail')}</label>
      <div className="inline-control">
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'invite-email-error' : 'invite-email-help'}
        />
        <button type="submit" className="btn primary" disabled={send.isPending}>{send.isPending ? t('inviteForm.sending') : t('inviteForm.sendInvite')}</button>
      </div>
      {error ? <p className="field-error" id="invite-email-error" role="alert">{error}</p> : <p className="help" id="invite-email-help">{t('inviteForm.someoneWithoutAnAccount')}</p>}
    </form>
  );
}
