// Manage -> Post requests: posts waiting for approval, with Approve ('Post approved.') and Decline
// ('Post declined.'); 'No post requests for group' when none.
import { PostCard } from '../../posts/components/post-card';
import { GROUP_MESSAGES } from '../../../../shared/schemas/groups';
import { useApprovePost } from '../api/approve-post';
import { useDeclinePost } from '../api/decline-post';
import { usePostRequests } from '../api/get-post-requests';
import { useRunAction } from '../hooks/use-run-action';
import { listState } from './list-state';
import { useTranslation } from 'react-i18next';

export function PostRequestsTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const run = useRunAction();
  const requests = usePostRequests(groupId, true);
  const approve = useApprovePost();
  const decline = useDeclinePost();
  const busy = approve.isPending || decline.isPending;
  const state = listState(requests, t('postRequestsTab.loading'), t('empty.postRequests'));
  if (state || !requests.data) return state;
  return (
    <div className="request-list">
      {requests.data.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          hideGroup
          footer={
            <>
              <button type="button" className="btn primary" disabled={busy} onClick={() => void run(() => approve.mutateAsync(post.id), GROUP_MESSAGES.postApproved)}>{t('postRequestsTab.approve')}</button>
              <button type="button" className="btn" disabled={busy} onClick={() => void run(() => decline.mutateAsync(post.id), GROUP_MESSAGES.postDeclined)}>{t('postRequestsTab.decline')}</button>
            </>
          }
        />
      ))}
    </div>
  );
}
