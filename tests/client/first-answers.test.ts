// @vitest-environment happy-dom
// The answers the server writes into the page for a signed-in visitor's first screen: they go into
// the query cache from the screen's route loader (app/screen-loaders.ts), each once, and only for
// that first screen; api() always asks the server; a sign-out sent first (the request gate) drops them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, FIRST_ANSWERS_ID } from '../../src/shared/first-answers';

function writeAnswers(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ID;
  script.textContent = text;
  document.head.append(script);
}

const request = (url: string, pathname = '/feed') => ({ params: {}, request: new Request(`http://localhost${pathname}`), url });

describe('first answers', () => {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify({ from: 'server' }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const asked = () => fetchMock.mock.calls.map(([input]) => String(input));

  beforeEach(() => {
    vi.resetModules();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.getElementById(FIRST_ANSWERS_ID)?.remove();
  });

  it('api() asks the server even for a URL the page has an answer to', async () => {
    writeAnswers(JSON.stringify({ [apiUrl.allTags]: [{ id: 1, title: 'Airway' }] }));
    const { api } = await import('../../src/client/lib/api');
    expect(await api(apiUrl.allTags)).toEqual({ from: 'server' });
    expect(asked()).toEqual([apiUrl.allTags]);
  });

  it("the first screen's loader puts its answers into the query cache, asks nothing, and the element goes", async () => {
    const page = { posts: [{ id: 3, title: 'Shock' }], from: 1, to: 1, total: 1, count: 1 };
    const tags = [{ id: 1, title: 'Airway' }];
    writeAnswers(JSON.stringify({ [apiUrl.posts(0, 5, [])]: page, [apiUrl.allTags]: tags, [apiUrl.myGroups]: [], [apiUrl.myFavouriteScenarios]: [], [apiUrl.notifications]: { notifications: [], unread: 2 } }));
    const { screenLoader } = await import('../../src/client/app/screen-loaders');
    const { queryClient } = await import('../../src/client/lib/query-client');
    const { postsQueryOptions } = await import('../../src/client/features/feed/api/get-posts');
    const { allTagsQueryKey } = await import('../../src/client/lib/tags');
    const { notificationsQueryKey } = await import('../../src/client/features/notifications/api/get-notifications');
    expect(screenLoader('/feed')(request('/feed') as never)).toBeNull();
    await vi.waitFor(() => expect(queryClient.getQueryData(allTagsQueryKey)).toEqual(tags));
    expect(queryClient.getQueryData(postsQueryOptions([]).queryKey)).toEqual({ pages: [page], pageParams: [0] });
    expect(queryClient.getQueryData(notificationsQueryKey)).toEqual({ notifications: [], unread: 2 });
    // The side column's groups, asked again on every visit, are this visit's: not stale at the first mount.
    expect(queryClient.getQueryCache().find({ queryKey: ['groups', 'mine'] })!.isStaleByTime(0)).toBe(false);
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are for the first screen only: a later screen asks the server for what the page had', async () => {
    writeAnswers(JSON.stringify({ [apiUrl.myGroupsWithStatus]: [], [apiUrl.debriefs]: [{ id: 1 }] }));
    const { screenLoader } = await import('../../src/client/app/screen-loaders');
    const { queryClient } = await import('../../src/client/lib/query-client');
    const { meQueryKey } = await import('../../src/client/lib/current-user');
    const { debriefsQueryKey } = await import('../../src/client/features/tms/api/get-debriefs');
    queryClient.setQueryData(meQueryKey, { id: 7, enabled: true });
    screenLoader('/me/forum/groups')(request('/me/forum/groups') as never);
    await vi.waitFor(() => expect(queryClient.getQueryData(['groups', 'with-status'])).toEqual([]));
    screenLoader('/tms')(request('/tms') as never);
    await vi.waitFor(() => expect(queryClient.getQueryData(debriefsQueryKey)).toEqual({ from: 'server' }));
    expect(asked()).toEqual([apiUrl.debriefs]);
  });

  it('without answers, a signed-in screen asks for its data at navigation; a signed-out one asks nothing', async () => {
    const { screenLoader } = await import('../../src/client/app/screen-loaders');
    const { queryClient } = await import('../../src/client/lib/query-client');
    const { meQueryKey } = await import('../../src/client/lib/current-user');
    queryClient.setQueryData(meQueryKey, null);
    screenLoader('/tms')(request('/tms') as never);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    queryClient.setQueryData(meQueryKey, { id: 7, enabled: true });
    screenLoader('/scenarios')(request('/scenarios', '/scenarios?q=Asthma&page=2&size=5') as never);
    await vi.waitFor(() => expect(asked()).toContain(apiUrl.scenarioLibrary({ offset: 5, count: 5, age: -1, condition: -1, search: 'Asthma', tagIds: [] })));
  });

  it('who is signed in, from the page, answers the early check without a request', async () => {
    writeAnswers(JSON.stringify({ [apiUrl.me]: { id: 7, enabled: true } }));
    const { askMeEarly, getMe } = await import('../../src/client/lib/current-user');
    askMeEarly('/feed');
    expect(await getMe()).toEqual({ id: 7, enabled: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are not read before the request gate lets the page ask, and a sign-out sent first drops them', async () => {
    writeAnswers(JSON.stringify({ [apiUrl.me]: { id: 7 } }));
    const { setRequestGate } = await import('../../src/client/lib/api');
    const { dropFirstAnswers } = await import('../../src/client/lib/first-answers');
    // The gate sends the sign-out made offline, which drops the page's answers (offline/session.ts).
    setRequestGate(async () => {
      dropFirstAnswers();
      return true;
    });
    const { askMeEarly, getMe } = await import('../../src/client/lib/current-user');
    askMeEarly('/feed');
    expect(await getMe()).toEqual({ from: 'server' });
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(asked()).toEqual([apiUrl.me]);
  });

  it('asks the server when the answers were cut short', async () => {
    writeAnswers(`{"${apiUrl.me}": {`);
    const { askMeEarly, getMe } = await import('../../src/client/lib/current-user');
    askMeEarly('/feed');
    expect(await getMe()).toEqual({ from: 'server' });
    expect(asked()).toEqual([apiUrl.me]);
  });
});

describe("the main screens' first requests", () => {
  it('are the same in the route loaders as in the list the server answers', async () => {
    const { firstScreenRequests } = await import('../../src/shared/first-answers');
    const { screenQueries } = await import('../../src/client/app/screen-loaders');
    expect(Object.keys(screenQueries).sort()).toEqual(Object.keys(firstScreenRequests).sort());
    const queries = ['', '?q=Chest%20pain&age=2&condition=1&tags=3,4&size=25&page=3', '?type=1&tags=2&q=ECG&page=2'];
    for (const [pattern, requests] of Object.entries(firstScreenRequests)) {
      for (const query of queries) {
        const search = new URLSearchParams(query);
        const params = { uuidId: 'b5a1e3c2-0000-4000-8000-000000000001' };
        expect(screenQueries[pattern]!(params, search).map((q) => q.url), `${pattern}${query}`).toEqual(requests(params, search));
      }
    }
  });
});
