// Manage -> Join requests: who asked to join and their message, with Approve ('Join request
// approved') and Decline ('Join request declined'); 'No join requests for group' when none.
import { Link } from 'react-router-dom';
import { useAlertDialog } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatRelativeDate } from '../../../../shared/format';
import { GROUP_EMPTY, GROUP_MESSAGES } from '../../../../shared/schemas/groups';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useDeclineJoinRequest } from '../api/decline-join-request';
import { useJoinRequests } from '../api/get-join-requests';

export function JoinRequestsTab({ groupId }: { groupId: number }) {
  const toast = useToast();
  const alert = useAlertDialog();
  const { data, isLoading, isError, error } = useJoinRequests(groupId, true);
  const approve = useApproveJoinRequest();
  const decline = useDeclineJoinRequest();
  const busy = approve.isPending || decline.isPending;
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast(done);
    } catch (err) {
      await alert('Error', (err as Error).message);
    }
  };
  if (isLoading) return <Spinner label="Loading join requests" />;
  if (isError) return <p className="alert error" role="alert">{(error as Error).message}</p>;
  if (!data?.length) return <p className="muted empty-line">{GROUP_EMPTY.joinRequests}</p>;
  return (
    <ul className="plain-list request-list">
      {data.map((r) => {
        const name = `${r.user.first_name} ${r.user.last_name}`;
        return (
          <li key={r.id} className="join-request" aria-label={`Join request from ${name}`}>
            <div className="join-request-body">
              <Link to={`/view-user/${r.user.uuid_id || r.user.id}`} className="post-author">{name}</Link>{' '}
              <time className="muted small" dateTime={r.created_at}>{formatRelativeDate(r.created_at)}</time>
              {r.message && <p className="join-request-message">“{r.message}”</p>}
            </div>
            <div className="row-actions">
              <button type="button" className="btn primary" disabled={busy} onClick={() => void run(() => approve.mutateAsync(r.id), GROUP_MESSAGES.joinApproved)}>Approve</button>
              <button type="button" className="btn" disabled={busy} onClick={() => void run(() => decline.mutateAsync(r.id), GROUP_MESSAGES.joinDeclined)}>Decline</button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
