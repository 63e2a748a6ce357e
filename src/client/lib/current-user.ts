// The signed-in user (GET /api/users/me), shared by the shell and every feature that needs the
// user's id, roles or flags. Features import it from here (features never import each other).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/schemas/users';
import { api, ApiError } from './api';

export type { Me } from '../../shared/schemas/users';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when there is no session. */
export async function getMe(): Promise<Me | null> {
  try {
    const me = await api<Me>('/api/users/me', { allowUnauthorized: true });
    answeredThisLoad = true;
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      answeredThisLoad = true;
      return null;
    }
    throw err;
  }
}

/** Whether the server has answered /api/users/me since this page loaded (see useSessionMe). */
let answeredThisLoad = false;

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/**
 * For the guard and the login screen: the user as the server sees it now. The cache (persisted
 * for offline use) may hold a user from before a logout or a null from before a login, so the
 * first render after a page load waits for one fresh answer; offline, the cached user stays.
 */
export function useSessionMe() {
  const me = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  // Restored data carries its old update counters, so the query's own flags cannot tell restored
  // from fresh: wait until the server answered once, or the check failed (offline: keep the cache).
  // Offline the refetch pauses (TanStack's networkMode 'online') and never settles: go on with the
  // cached user (or none, which leads to the login page).
  const checking = !answeredThisLoad && !(me.isError && me.fetchStatus === 'idle') && me.fetchStatus !== 'paused';
  return { ...me, checking };
}
