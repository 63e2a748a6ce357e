// Route loaders of the main screens (app/router.tsx): at navigation, while the screen's own code is
// still loading, each screen's first requests start, so its data and its code come in parallel.
// On the page's first screen the answers the server wrote into the page (lib/first-answers.ts) go
// into the query cache instead, and nothing is asked. A signed-out visitor asks nothing (the guard
// sends them to /login). The requests are the ones shared/first-answers.ts lists for each screen,
// which the server answers: a test (tests/client/first-answers.test.ts) keeps the two lists the same.
import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { apiUrl, mediaLibraryParams, scenarioLibraryParams } from '../../shared/first-answers';
import { PAGE_SIZE } from '../../shared/limits';
import { queryClient } from '../lib/query-client';
import { firstMeAnswer, meQueryKey, type Me } from '../lib/current-user';
import { takeFirstAnswers } from '../lib/first-answers';
import { firstScreenShown } from '../lib/first-screen';
import { allTagsQueryOptions } from '../lib/tags';
import { myGroupsQueryOptions } from '../lib/my-groups';
import { myFavouriteScenariosQueryOptions } from '../lib/favourites';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications';
import { postsQueryOptions } from '../features/feed/api/get-posts';
import { scenariosQueryOptions } from '../features/scenarios/api/get-scenarios';
import { scenarioQueryOptions } from '../features/scenarios/api/get-scenario';
import { mediaLibraryQueryOptions } from '../features/media/api/get-media-library';
import { myGroupsWithStatusQueryOptions } from '../features/groups/api/get-my-groups-with-status';
import { debriefsQueryOptions } from '../features/tms/api/get-debriefs';

/** One of a screen's first requests: its URL (as the page's answers are keyed) and its query. */
export interface ScreenQuery {
  url: string;
  queryKey: QueryKey;
  /** The answer as the query's data (an infinite query's is its first page). */
  data(answer: unknown): unknown;
  prefetch(): Promise<unknown>;
}

// (The options' own types vary with each query's data; these two only read the key and pass them on.)
/* eslint-disable @typescript-eslint/no-explicit-any */
const query = (url: string, options: FetchQueryOptions<any, any, any, any>): ScreenQuery => ({
  url,
  queryKey: options.queryKey,
  data: (answer) => answer,
  prefetch: () => queryClient.prefetchQuery(options),
});

const firstPage = (url: string, options: FetchInfiniteQueryOptions<any, any, any, any, any>): ScreenQuery => ({
  url,
  queryKey: options.queryKey,
  data: (answer) => ({ pages: [answer], pageParams: [options.initialPageParam] }),
  prefetch: () => queryClient.prefetchInfiniteQuery(options),
});
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The top bar's: taken from the page's answers, never asked here (the top bar asks, and polls). */
const topBar = (): ScreenQuery[] => [query(apiUrl.notifications, notificationsQueryOptions())];

/** Each main screen's first requests, by route pattern, from its path's segments and its query. */
export const screenQueries: Record<string, (params: Record<string, string | undefined>, query: URLSearchParams) => ScreenQuery[]> = {
  '/feed': () => [
    firstPage(apiUrl.posts(0, PAGE_SIZE.feed, []), postsQueryOptions([])),
    query(apiUrl.myGroups, myGroupsQueryOptions()),
    query(apiUrl.myFavouriteScenarios, myFavouriteScenariosQueryOptions()),
    query(apiUrl.allTags, allTagsQueryOptions()),
  ],
  '/scenarios': (_, search) => {
    const { page: _page, ...params } = scenarioLibraryParams(search);
    return [query(apiUrl.scenarioLibrary(params), scenariosQueryOptions(params)), query(apiUrl.allTags, allTagsQueryOptions())];
  },
  '/scenario/:uuidId': ({ uuidId = '' }) => [query(apiUrl.scenario(uuidId), scenarioQueryOptions(uuidId))],
  '/media': (_, search) => {
    const params = mediaLibraryParams(search);
    return [query(apiUrl.mediaLibrary(params), mediaLibraryQueryOptions(params)), query(apiUrl.allTags, allTagsQueryOptions())];
  },
  '/me/forum/groups': () => [query(apiUrl.myGroupsWithStatus, myGroupsWithStatusQueryOptions())],
  '/tms': () => [query(apiUrl.debriefs, debriefsQueryOptions())],
};

/** Whether someone is signed in, as the server last said (at start: the early check's answer). */
async function signedIn(): Promise<boolean> {
  const known = queryClient.getQueryData<Me | null>(meQueryKey);
  if (known !== undefined) return Boolean(known?.enabled);
  const me = await firstMeAnswer()?.catch(() => null);
  return Boolean(me?.enabled);
}

/** Long enough for the first screen to mount; it is cut short once that screen has been painted. */
const FRESH_UNTIL_SHOWN_MS = 60_000;

async function load(queries: ScreenQuery[]): Promise<void> {
  const all = [...queries, ...topBar()];
  const answers = await takeFirstAnswers(all.map((q) => q.url));
  // The page's answers are this visit's: the screen's first mount does not ask again, not even a
  // query asked again on every visit (staleTime 0). Once the first screen is shown they age as usual.
  const seeded = all.filter((q) => answers.has(q.url));
  for (const q of seeded) queryClient.setQueryData(q.queryKey, q.data(answers.get(q.url)), { updatedAt: Date.now() + FRESH_UNTIL_SHOWN_MS });
  if (seeded.length) {
    void firstScreenShown.then(() => {
      for (const q of seeded) queryClient.setQueryData(q.queryKey, (data: unknown) => data, { updatedAt: Date.now() });
    });
  }
  const missing = queries.filter((q) => !answers.has(q.url));
  if (missing.length && (await signedIn())) for (const q of missing) void q.prefetch().catch(() => undefined);
}

/** The loader of the screen `pattern` (a key of screenQueries): starts its requests and returns at once. */
export function screenLoader(pattern: string) {
  const queriesOf = screenQueries[pattern]!;
  return ({ params, request }: LoaderFunctionArgs) => {
    void load(queriesOf(params, new URL(request.url).searchParams)).catch(() => undefined);
    return null;
  };
}
