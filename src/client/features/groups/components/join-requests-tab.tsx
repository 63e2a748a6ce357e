// Manage -> Join requests: who asked to join and their message, with Approve ('Join request
// approved') and Decline ('Join request declined'); 'No join requests for group' when none.
import { Link } from 'react-router-dom';
import { formatRelative as formatRelativeDate } from '../../../i18n/format';
import { GROUP_MESSAGES } from '../../../../shared/schemas/groups';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useDeclineJoinRequest } from '../api/decline-join-request';
import { useJoinRequests } from '../api/get-join-requests';
import { useRunAction } from '../hooks/use-run-action';
import { listState } from './list-state';
import { useTranslation } from 'react-i18next';

export function JoinRequestsTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const run = useRunAction();
  const requests = useJoinRequests(groupId, true);
  const approve = useApproveJoinRequest();
  const decline = useDeclineJoinRequest();
  const busy = approve.isPending || decline.isPending;
  const state = listState(requests, t('joinRequestsTab.loading'), t('empty.joinRequests'));
  if (state || !requests.data) return state;
  return (
    <ul className="plain-list request-list">
      {requests.data.map((r) => {
        const name = `${r.user.first_name} ${r.user.last_name}`;
        return (
          <li key={r.id} className="join-request" aria-label={t('joinRequestsTab.joinRequestFrom', { name })}>
            <div className="join-request-body">
              <Link to={`/view-user/${r.user.uuid_id || r.user.id}`} className="post-author">{name}</Link>{' '}
              <time className="muted small" dateTime={r.created_at}>{formatRelativeDate(r.created_at)}</time>
              {r.message && <p className="join-request-message">“{r.message}”</p>}
            </div>
            <div className="row-actions">
              <button type="button" className="btn primary" disabled={busy} onClick={() => void run(() => approve.mutateAsync(r.id), GROUP_MESSAGES.joinApproved)}>{t('joinRequestsTab.approve')}</button>
              <button type="button" className="btn" disabled={busy} onClick={() => void run(() => decline.mutateAsync(r.id), GROUP_MESSAGES.joinDeclined)}>{t('joinRequestsTab.decline')}</button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
