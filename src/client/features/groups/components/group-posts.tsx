// A group's approved posts, newest first, loaded page by page as the reader scrolls ('Load more' as
// the fallback); 'No posts in group' when there are none.
import { useEffect, useRef, useState } from 'react';
import type { PostSort } from '../../../../shared/schemas/conversation';
import { PostSortSelect } from '../../posts/components/post-sort-select';
import { PostCard } from '../../posts/components/post-card';
import { Spinner } from '../../../components/spinner';
import { useGroupPosts } from '../api/get-group-posts';
import { useTranslation } from 'react-i18next';

export function GroupPosts({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const [sort, setSort] = useState<PostSort>('newest');
  const { data, isLoading, isError, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useGroupPosts(groupId, true, sort);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const sortSelect = <div className="feed-toolbar"><span /><PostSortSelect value={sort} onChange={setSort} /></div>;
  if (isLoading) return <>{sortSelect}<Spinner label={t('groupPosts.loadingPosts')} /></>;
  if (isError) return <p className="alert error" role="alert">{(error as Error).message}</p>;
  const posts = data?.pages.flatMap((p) => p.posts) ?? [];
  const unique = posts.filter((p, i) => posts.findIndex((q) => q.id === p.id) === i);
  if (!unique.length) return <>{sortSelect}<div className="card empty-state"><p>{t('empty.posts')}</p></div></>;
  return (
    <section aria-label={t('groupPosts.posts')}>
      {sortSelect}
      {unique.map((post, i) => <PostCard key={post.id} post={post} hideGroup first={i === 0} />)}
      <div ref={sentinel} className="feed-sentinel" aria-hidden="true" />
      {hasNextPage ? (
        <div className="feed-more">
          <button type="button" className="btn" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>{isFetchingNextPage ? t('groupPosts.loading') : t('groupPosts.loadMore')}</button>
        </div>
      ) : (
        <p className="feed-end muted">{t('groupPosts.noMorePosts')}</p>
      )}
    </section>
  );
}
