// 'My Pending Posts' (spec section 2 'Group page'): my posts waiting for a group admin; I may delete
// them from the card's menu.
import { PostCard } from '../../posts/components/post-card';
import { useMyPendingPosts } from '../api/get-my-pending-posts';
import { useTranslation } from 'react-i18next';

export function MyPendingPosts({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const { data, isError, error } = useMyPendingPosts(groupId, true);
  if (isError) return <p className="alert error" role="alert">{(error as Error).message}</p>;
  if (!data?.length) return null;
  return (
    <section className="my-pending-posts" aria-labelledby="my-pending-heading">
      <h2 id="my-pending-heading">{t('myPendingPosts.myPendingPosts')}</h2>
      <p className="muted small">{t('myPendingPosts.theseWaitForA')}</p>
      {data.map((post) => <PostCard key={post.id} post={post} hideGroup footer={<span className="badge pending-badge">{t('myPendingPosts.waitingForApproval')}</span>} />)}
    </section>
  );
}
