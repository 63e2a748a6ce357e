// Activity feed (/feed, spec section 2): create-post box, tag filter, infinite scroll 5 per page
// (an IntersectionObserver on a sentinel, with a 'Load more' button as the fallback), pending
// offline posts, and the side column.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PostSort } from '../../../../shared/schemas/conversation';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner';
import { TagSelector } from '../../../components/tag-selector';
import { postsQueryKey, usePosts } from '../api/get-posts';
import { useAllTags } from '../../../lib/tags';
import { CreatePostBox } from '../../posts/components/create-post-box';
import { FeedSideColumn } from '../components/feed-side-column';
import { PostCard } from '../../posts/components/post-card';
import { PostSortSelect } from '../../posts/components/post-sort-select';
import { lazyNow } from '../../../lib/lazy-now';
import { offlineCodeWanted } from '../../../offline/db-exists';

// Posts waiting in the outbox (offline) need the offline database: loaded beside the feed, not
// before it.
const PendingPosts = lazyNow(() => import('../../posts/components/pending-posts').then((m) => ({ default: m.PendingPosts })));

/** ?sort=helpful in the address keeps the order on reload and when shared. */
const sortOf = (value: string | null): PostSort => (value === 'helpful' ? 'helpful' : 'newest');

export function Component() {
  const { t } = useTranslation('feed');
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const sort = sortOf(search.get('sort'));
  const setSort = (next: PostSort) =>
    setSearch((params) => {
      if (next === 'newest') params.delete('sort');
      else params.set('sort', next);
      return params;
    }, { replace: true });
  const [tagIds, setTagIds] = useState<number[]>([]);
  // The tag list is built when the filter is first opened, not with the first screen.
  const [filterOpened, setFilterOpened] = useState(false);
  const { data: tags = [] } = useAllTags();
  const { data, isLoading, isError, error, fetchNextPage, hasNextPage, isFetchingNextPage } = usePosts(tagIds, sort);
  const sentinel = useRef<HTMLDivElement>(null);

  // A post sent later by the outbox appears in the feed.
  useEffect(() => {
    let off: (() => void) | undefined;
    let stopped = false;
    void offlineCodeWanted()
      .then(() => Promise.all([import('../../../offline/outbox'), import('../../posts/api/create-post')]))
      .then(([{ onOutboxSent }, { POST_OUTBOX_KIND }]) => {
        if (stopped) return;
        off = onOutboxSent((item) => item.kind === POST_OUTBOX_KIND && void qc.invalidateQueries({ queryKey: postsQueryKey }));
      });
    return () => {
      stopped = true;
      off?.();
    };
  }, [qc]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const posts = data?.pages.flatMap((p) => p.posts) ?? [];
  // A post deleted between pages can make the next page repeat one; show each once.
  const unique = posts.filter((p, i) => posts.findIndex((q) => q.id === p.id) === i);
  const total = data?.pages[data.pages.length - 1]?.total ?? 0;

  return (
    <div className="feed-layout">
      <div className="feed-main">
        <h1 className="visually-hidden">{t('heading')}</h1>
        <CreatePostBox />
        <details className="card feed-filter" onToggle={(e) => e.currentTarget.open && setFilterOpened(true)}>
          <summary>{t('filterByTags')}{tagIds.length ? ` (${tagIds.length})` : ''}</summary>
          {filterOpened && <TagSelector tags={tags} selected={tagIds} onChange={setTagIds} label={t('filterByTags')} />}
          {tagIds.length > 0 && <button type="button" className="btn link" onClick={() => setTagIds([])}>{t('clear')}</button>}
        </details>
        <div className="feed-toolbar">
          {data && <p className="feed-count" data-testid="feed-count">{t('postsAvailable', { count: total })}</p>}
          <PostSortSelect value={sort} onChange={setSort} />
        </div>
        <Suspense fallback={null}>
          <PendingPosts />
        </Suspense>
        {isLoading && (
          // Room held for the first posts while they load, so the side column and the footer below
          // do not jump down when they arrive.
          <div className="post-skeletons">
            <Spinner label={t('loadingPosts')} />
            {[0, 1, 2].map((i) => <div key={i} className="card post-skeleton" aria-hidden="true" />)}
          </div>
        )}
        {isError && <p className="alert error">{(error as Error).message}</p>}
        {unique.map((post, i) => (
          <PostCard key={post.id} post={post} first={i === 0} />
        ))}
        <div ref={sentinel} className="feed-sentinel" aria-hidden="true" />
        {hasNextPage && (
          <div className="feed-more">
            <button type="button" className="btn" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? t('loading') : t('loadMore')}
            </button>
          </div>
        )}
        {data && !hasNextPage && <p className="feed-end muted">{t('noMorePosts')}</p>}
      </div>
      <FeedSideColumn />
    </div>
  );
}
