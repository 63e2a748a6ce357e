// A signed-in visitor's first screen comes with the API's answers to that screen's first requests
// written into the shell, as JSON keyed by request URL, in
// <script type="application/json" id={FIRST_ANSWERS_ID}> (server: plugins/static-client.ts; client:
// lib/first-answers.ts puts them into the query cache from each screen's route loader).
// The URLs of those requests are built here, once, from the shared endpoints: the server asks
// them, the client's queries call the same endpoints with the same inputs, and the route loaders
// find the answers by them.
import { normaliseMediaSearch, normaliseScenarioSearch } from './format.js';
import { PAGE_SIZE } from './limits.js';
import { pathOf } from './endpoint.js';
import { listNotifications } from './endpoints/notifications.js';
import { getMe } from './endpoints/auth.js';
import { getAllTags } from './endpoints/tags.js';
import { getMyGroups, getMyGroupsWithStatus } from './endpoints/groups.js';
import { getMyFavouriteScenarios, getScenario, searchScenarioLibrary } from './endpoints/scenarios.js';
import { getMyDebriefs } from './endpoints/debriefs.js';
import { getPosts } from './endpoints/posts.js';
import { getMediaLibrary } from './endpoints/media.js';

export const FIRST_ANSWERS_ID = 'first-answers';

const tagsSegment = (tagIds: readonly number[]) => (tagIds.length ? tagIds.join(',') : '-1');

export interface ScenarioLibraryParams {
  /** 'rating': the best average first; newest first otherwise. */
  sort?: 'newest' | 'rating';
  offset: number;
  count: number;
  age: number;
  condition: number;
  search: string;
  tagIds: number[];
  /** A scenario language ('de' also finds 'de-AT'); '' or absent for all. */
  language?: string;
}

export interface MediaLibraryParams {
  page: number;
  pageSize: number;
  /** -1 all, 0 image, 1 video */
  type: number;
  tagIds: number[];
  search: string;
}

/** The feed's page: what `call(getPosts, ...)` sends. */
export const postsInput = (offset: number, count: number, tagIds: readonly number[]) => ({ params: { offset, count, tagIds: tagsSegment(tagIds) } });

/** The scenario library's page: what `call(searchScenarioLibrary, ...)` sends (the search is -1 for none). */
export const scenarioLibraryInput = (p: ScenarioLibraryParams) => ({
  params: { offset: p.offset, count: p.count, age: p.age, condition: p.condition, search: normaliseScenarioSearch(p.search), tagIds: tagsSegment(p.tagIds) },
  query: { sort: p.sort === 'rating' ? ('rating' as const) : undefined, language: p.language || undefined },
});

/** The media library's page: what `call(getMediaLibrary, ...)` sends. */
export const mediaLibraryInput = (p: MediaLibraryParams) => {
  const search = normaliseMediaSearch(p.search);
  return { params: { offset: p.page * p.pageSize, count: p.pageSize, a: p.type, tags: tagsSegment(p.tagIds) }, query: { search: search === '-1' ? undefined : search } };
};

/** The GET requests screens make first. */
export const apiUrl = {
  me: pathOf(getMe),
  notifications: pathOf(listNotifications),
  allTags: pathOf(getAllTags),
  myGroups: pathOf(getMyGroups),
  myGroupsWithStatus: pathOf(getMyGroupsWithStatus),
  myFavouriteScenarios: pathOf(getMyFavouriteScenarios),
  debriefs: pathOf(getMyDebriefs),
  posts: (offset: number, count: number, tagIds: readonly number[]) => pathOf(getPosts, postsInput(offset, count, tagIds).params),
  scenario: (id: string) => pathOf(getScenario, { id }),
  scenarioLibrary: (p: ScenarioLibraryParams) => {
    const input = scenarioLibraryInput(p);
    return pathOf(searchScenarioLibrary, input.params, input.query);
  },
  mediaLibrary: (p: MediaLibraryParams) => {
    const input = mediaLibraryInput(p);
    return pathOf(getMediaLibrary, input.params, input.query);
  },
} as const;

const int = (v: string | null, fallback: number) => (v != null && /^-?\d+$/.test(v) ? Number(v) : fallback);

/** The scenario library's filters and page, from its address's query (/scenarios?q=&age=&condition=&tags=&lang=&size=&page=). */
export function scenarioLibraryParams(query: URLSearchParams): ScenarioLibraryParams & { page: number } {
  const size = int(query.get('size'), 0);
  const count = (PAGE_SIZE.scenarioLibraryChoices as readonly number[]).includes(size) ? size : PAGE_SIZE.scenarioLibrary;
  const page = Math.max(0, int(query.get('page'), 1) - 1);
  return {
    ...(query.get('sort') === 'rating' ? { sort: 'rating' as const } : {}),
    search: query.get('q') ?? '',
    age: int(query.get('age'), -1),
    condition: int(query.get('condition'), -1),
    tagIds: (query.get('tags') ?? '').split(',').filter((x) => /^\d+$/.test(x)).map(Number),
    language: /^[A-Za-z]{2,3}$/.test(query.get('lang') ?? '') ? query.get('lang')!.toLowerCase() : '',
    count,
    page,
    offset: page * count,
  };
}

/** The media library's filters and page, from its address's query (/media?page=&type=&tags=&q=). */
export function mediaLibraryParams(query: URLSearchParams): MediaLibraryParams {
  const type = query.get('type');
  return {
    page: Math.max(0, Number(query.get('page') ?? 0) || 0),
    pageSize: PAGE_SIZE.mediaLibrary,
    type: type !== null && [-1, 0, 1].includes(Number(type)) ? Number(type) : -1,
    tagIds: (query.get('tags') ?? '').split(',').filter(Boolean).map(Number).filter(Number.isInteger),
    search: query.get('q') ?? '',
  };
}

/** The top bar's requests, on every signed-in screen (after /api/users/me). */
export const topBarRequests = [apiUrl.notifications];

/**
 * The main screens (client routes, `:name` for a segment) and the requests each makes first, as
 * its address (path and query) asks for them: the route's loader starts these, and the server
 * answers them into the shell. The top bar's come with every one.
 */
export const firstScreenRequests: Record<string, (params: Record<string, string>, query: URLSearchParams) => string[]> = {
  // The first posts; the side column's groups and favourite scenarios; the tags.
  '/feed': () => [apiUrl.posts(0, PAGE_SIZE.feed, []), apiUrl.myGroups, apiUrl.myFavouriteScenarios, apiUrl.allTags],
  '/scenarios': (_, query) => [apiUrl.scenarioLibrary(scenarioLibraryParams(query)), apiUrl.allTags],
  '/scenario/:uuidId': ({ uuidId }) => [apiUrl.scenario(uuidId!)],
  '/media': (_, query) => [apiUrl.mediaLibrary(mediaLibraryParams(query)), apiUrl.allTags],
  '/me/forum/groups': () => [apiUrl.myGroupsWithStatus],
  '/tms': () => [apiUrl.debriefs],
};

/** The screen a path is (its pattern in firstScreenRequests) and the path's segments by name; null for any other path. */
export function matchFirstScreen(pathname: string): { pattern: string; params: Record<string, string> } | null {
  const parts = pathname.split('/');
  for (const pattern of Object.keys(firstScreenRequests)) {
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const same = want.every((w, i) => {
      if (!w.startsWith(':')) return w === parts[i];
      if (!parts[i]) return false;
      try {
        params[w.slice(1)] = decodeURIComponent(parts[i]!);
      } catch {
        return false;
      }
      return true;
    });
    if (same) return { pattern, params };
  }
  return null;
}
