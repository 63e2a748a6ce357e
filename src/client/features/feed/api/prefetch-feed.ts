// The feed's first page is asked for as soon as the server has said someone is signed in: the
// router runs this (the feed route's loader, declared in app/router.tsx) while the feed's own code
// is still loading, so the posts and the feed's code come in parallel. A signed-out visitor asks
// nothing. When the server wrote the first page into the page itself (a visit without the service
// worker, plugins/static-client.ts on the server), that page is the query's data and nothing is asked.
import { queryClient } from '../../../lib/query-client';
import { firstMeAnswer } from '../../../lib/current-user';
import { takeFirstAnswer } from '../../../lib/first-answers';
import { PAGE_SIZE } from '../../../../shared/limits';
import type { PostsPage } from '../../../../shared/schemas/posts';
import { postsQueryOptions, postsUrl } from './get-posts';

let prefetched = false;

export function prefetchFeed() {
  if (prefetched) return null;
  prefetched = true;
  const firstPage = takeFirstAnswer<PostsPage>(postsUrl(0, PAGE_SIZE.feed, []));
  if (firstPage) queryClient.setQueryData(postsQueryOptions([]).queryKey, { pages: [firstPage], pageParams: [0] });
  void firstMeAnswer()
    ?.then((me) => {
      if (me?.enabled) void queryClient.prefetchInfiniteQuery(postsQueryOptions([]));
    })
    .catch(() => undefined);
  return null;
}
