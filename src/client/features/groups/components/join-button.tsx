// Join / Request Sent / Already Member (spec section 2 'Group page'): an open group is joined
// directly; an invite-only group gets a join request, with an optional message for its admins; an
// invited user accepts or declines the invite here too.
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { GROUP_MESSAGES, GroupMemberType, JOIN_MESSAGE_MAX, type GroupSummary } from '../../../../shared/schemas/groups';
import { useAcceptInvite } from '../api/accept-invite';
import { useJoinOpenGroup } from '../api/join-open-group';
import { useRejectInvite } from '../api/reject-invite';
import { useRequestToJoin } from '../api/request-to-join';
import { useTranslation } from 'react-i18next';

export function JoinButton({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('groups');
  const toast = useToast();
  const join = useJoinOpenGroup();
  const request = useRequestToJoin();
  const accept = useAcceptInvite();
  const reject = useRejectInvite();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = join.isPending || request.isPending || accept.isPending || reject.isPending;

  const act = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await run();
      toast(done);
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    }
  };

  // The creator is a member who may not leave: a plain statement, not a greyed button.
  if (group.userIsMember && group.memberType === GroupMemberType.Creator) return <p className="muted small">{t('joinButton.youCreatedThisGroup')}</p>;
  if (group.userIsMember) return <button type="button" className="btn" disabled>{t('joinButton.alreadyMember')}</button>;
  if (group.inviteReceived) {
    return (
      <div className="join-controls">
        <p className="muted small">{t('joinButton.youHaveBeenInvited')}</p>
        <div className="row-actions">
          <button type="button" className="btn primary" disabled={busy} onClick={() => void act(() => accept.mutateAsync(group.id), GROUP_MESSAGES.joined)}>{t('joinButton.acceptInvite')}</button>
          <button type="button" className="btn" disabled={busy} onClick={() => void act(() => reject.mutateAsync(group.id), GROUP_MESSAGES.inviteDeclined)}>{t('joinButton.declineInvite')}</button>
        </div>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    );
  }
  if (group.joinRequestSent) return <button type="button" className="btn" disabled>{t('joinButton.requestSent')}</button>;
  if (!group.isInviteOnly) {
    return (
      <div className="join-controls">
        <button type="button" className="btn primary" disabled={busy} onClick={() => void act(() => join.mutateAsync(group.id), GROUP_MESSAGES.joined)}>{t('joinButton.join')}</button>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    );
  }
  const send = async () => {
    if (await act(() => request.mutateAsync({ id: group.id, message: message.trim() }), GROUP_MESSAGES.joinRequestSent)) setAsking(false);
  };
  return (
    <div className="join-controls">
      <button type="button" className="btn primary" disabled={busy} onClick={() => setAsking(true)}>{t('joinButton.join')}</button>
      {error && !asking && <p className="field-error" role="alert">{error}</p>}
      {asking && (
        <Modal title={t('joinButton.askToJoin', { name: group.name })} onClose={() => setAsking(false)}>
          <p>{t('joinButton.thisGroupIsInvite')}</p>
          <label htmlFor="join-message">{t('joinButton.messageForTheGroup')}{' '}<span className="muted">{t('joinButton.optional')}</span></label>
          <textarea id="join-message" rows={3} maxLength={JOIN_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
          {error && <p className="field-error" role="alert">{error}</p>}
          <div className="actions">
            <button type="button" className="btn" onClick={() => setAsking(false)}>{t('joinButton.cancel')}</button>
            <button type="button" className="btn primary" disabled={request.isPending} onClick={() => void send()}>{request.isPending ? t('joinButton.sending') : t('joinButton.sendRequest')}</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
