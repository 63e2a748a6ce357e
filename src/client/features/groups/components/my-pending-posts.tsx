// 'My Pending Posts' (spec section 2 'Group page'): my posts waiting for a group admin; I may delete
// them from the card's menu.
import { PostCard } from '../../posts/components/post-card';
import { useMyPendingPosts } from '../api/get-my-pending-posts';

export function MyPendingPosts({ groupId }: { groupId: number }) {
  const { data, isError, error } = useMyPendingPosts(groupId, true);
  if (isError) return <p className="alert error" role="alert">{(error as Error).message}</p>;
  if (!data?.length) return null;
  return (
    <section className="my-pending-posts" aria-labelledby="my-pending-heading">
      <h2 id="my-pending-heading">My Pending Posts</h2>
      <p className="muted small">These wait for a moderator to approve them.</p>
      {data.map((post) => <PostCard key={post.id} post={post} hideGroup footer={<span className="badge pending-badge">Waiting for approval</span>} />)}
    </section>
  );
}
