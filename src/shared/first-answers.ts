// A signed-in visitor's first screen comes with the API's answers to that screen's first requests
// written into the shell, as JSON keyed by request URL, in
// <script type="application/json" id={FIRST_ANSWERS_ID}> (server: plugins/static-client.ts; client:
// lib/first-answers.ts puts them into the query cache from each screen's route loader).
// The URLs of those requests are built here, once: the server asks them, the client's queries ask
// the same URLs, and the route loaders find the answers by them.
import { normaliseMediaSearch, normaliseScenarioSearch } from './format.js';
import { PAGE_SIZE } from './limits.js';
import { pathOf } from './endpoint.js';
import { listNotifications } from './endpoints/notifications.js';

export const FIRST_ANSWERS_ID = 'first-answers';

const tagsSegment = (tagIds: readonly number[]) => (tagIds.length ? tagIds.join(',') : '-1');

export interface ScenarioLibraryParams {
  offset: number;
  count: number;
  age: number;
  condition: number;
  search: string;
  tagIds: number[];
}

export interface MediaLibraryParams {
  page: number;
  pageSize: number;
  /** -1 all, 0 image, 1 video */
  type: number;
  tagIds: number[];
  search: string;
}

/** The GET requests screens make first. */
export const apiUrl = {
  me: '/api/users/me',
  notifications: pathOf(listNotifications),
  allTags: '/api/alltags',
  myGroups: '/api/forumgroup/mygroups',
  myGroupsWithStatus: '/api/forumgroup/mygroupswithstatus',
  myFavouriteScenarios: '/api/scenarios/myfavourites',
  debriefs: '/api/editor/DebriefsForCurrentUser',
  posts: (offset: number, count: number, tagIds: readonly number[]) => `/api/forumpost/GetPosts/${offset}/${count}/${tagsSegment(tagIds)}`,
  scenario: (id: string) => `/api/scenarios/${encodeURIComponent(id)}`,
  scenarioLibrary: (p: ScenarioLibraryParams) =>
    `/api/scenarios/${p.offset}/${p.count}/${p.age}/${p.condition}/${encodeURIComponent(normaliseScenarioSearch(p.search))}/${tagsSegment(p.tagIds)}`,
  mediaLibrary: (p: MediaLibraryParams) => {
    const search = normaliseMediaSearch(p.search);
    return `/api/media/${p.page * p.pageSize}/${p.pageSize}/${p.type}/${tagsSegment(p.tagIds)}${search === '-1' ? '' : `?search=${encodeURIComponent(search)}`}`;
  },
} as const;

const int = (v: string | null, fallback: number) => (v != null && /^-?\d+$/.test(v) ? Number(v) : fallback);

/** The scenario library's filters and page, from its address's query (/scenarios?q=&age=&condition=&tags=&size=&page=). */
export function scenarioLibraryParams(query: URLSearchParams): ScenarioLibraryParams & { page: number } {
  const size = int(query.get('size'), 0);
  const count = (PAGE_SIZE.scenarioLibraryChoices as readonly number[]).includes(size) ? size : PAGE_SIZE.scenarioLibrary;
  const page = Math.max(0, int(query.get('page'), 1) - 1);
  return {
    search: query.get('q') ?? '',
    age: int(query.get('age'), -1),
    condition: int(query.get('condition'), -1),
    tagIds: (query.get('tags') ?? '').split(',').filter((x) => /^\d+$/.test(x)).map(Number),
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
