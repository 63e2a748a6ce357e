// The feed's first page is asked for as soon as the server has said someone is signed in: the
// router runs this (the feed route's loader, declared in app/router.tsx) while the feed's own code
// is still loading, so the posts and the feed's code come in parallel. A signed-out visitor asks
// nothing.
import { queryClient } from '../../../lib/query-client';
import { firstMeAnswer } from '../../../lib/current-user';
import { postsQueryOptions } from './get-posts';

let prefetched = false;

export function prefetchFeed() {
  if (prefetched) return null;
  prefetched = true;
  void firstMeAnswer()
    ?.then((me) => {
      if (me?.enabled) void queryClient.prefetchInfiniteQuery(postsQueryOptions([]));
    })
    .catch(() => undefined);
  return null;
}
