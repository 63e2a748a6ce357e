// Manage -> Post requests: posts waiting for approval, with Approve ('Post approved.') and Decline
// ('Post declined.'); 'No post requests for group' when none.
import { useAlertDialog } from '../../../components/confirm';
import { PostCard } from '../../posts/components/post-card';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { GROUP_EMPTY, GROUP_MESSAGES } from '../../../../shared/schemas/groups';
import { useApprovePost } from '../api/approve-post';
import { useDeclinePost } from '../api/decline-post';
import { usePostRequests } from '../api/get-post-requests';

export function PostRequestsTab({ groupId }: { groupId: number }) {
  const toast = useToast();
  const alert = useAlertDialog();
  const { data, isLoading, isError, error } = usePostRequests(groupId, true);
  const approve = useApprovePost();
  const decline = useDeclinePost();
  const busy = approve.isPending || decline.isPending;
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast(done);
    } catch (err) {
      await alert('Error', (err as Error).message);
    }
  };
  if (isLoading) return <Spinner label="Loading post requests" />;
  if (isError) return <p className="alert error" role="alert">{(error as Error).message}</p>;
  if (!data?.length) return <p className="muted empty-line">{GROUP_EMPTY.postRequests}</p>;
  return (
    <div className="request-list">
      {data.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          hideGroup
          footer={
            <>
              <button type="button" className="btn primary" disabled={busy} onClick={() => void run(() => approve.mutateAsync(post.id), GROUP_MESSAGES.postApproved)}>Approve</button>
              <button type="button" className="btn" disabled={busy} onClick={() => void run(() => decline.mutateAsync(post.id), GROUP_MESSAGES.postDeclined)}>Decline</button>
            </>
          }
        />
      ))}
    </div>
  );
}
