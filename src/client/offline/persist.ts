// TanStack Query's cache persisted to IndexedDB: an async persister over Dexie's
// queryCache key-value table, so pages visited online open offline with their data. The sync
// localStorage persister is deprecated and capped at ~5 MB (DESIGN section 2).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../lib/current-user';
import { version } from '../../../package.json';

import { offlineDbExists } from './db-exists';
import { firstReachabilityVerdict } from './online';
import { firstScreenShown } from '../lib/first-screen';

/** Bumped when the cache is cleared (logout): a save still waiting then is dropped. */
let generation = 0;

// The offline database (Dexie) is loaded beside the app's first screen, not inside its script; on a
// first visit there is nothing to restore and the first screen does not wait for it.
const offlineDb = () => import('./db').then((m) => m.db);

/** Persisted data older than this is dropped on restore. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const CACHE_KEY = 'community-query-cache';

export const queryPersister = createAsyncStoragePersister({
  key: CACHE_KEY,
  throttleTime: 1_000,
  storage: {
    getItem: async (key) => ((await offlineDbExists()) ? ((await (await offlineDb()).queryCache.get(key))?.value ?? null) : null),
    setItem: async (key, value) => {
      const asOf = generation;
      // Not before the first screen has been painted, which does not wait for the database; then
      // at once: a page left (or a network lost) a moment later must still open offline.
      await firstScreenShown;
      if (asOf === generation) await (await offlineDb()).queryCache.put({ key, value });
    },
    removeItem: async (key) => void (await (await offlineDb()).queryCache.delete(key)),
  },
});

export function persistOptions(client: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> {
  // A query garbage-collected from memory is also dropped from the persisted copy: keep them as
  // long as the persisted copy may live.
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, gcTime: PERSIST_MAX_AGE_MS },
    // Writes go through the outbox (sendOrQueue queues them offline) or fail fast with a message;
    // TanStack's default would pause every mutation while offline and leave the form spinning.
    mutations: { ...defaults.mutations, networkMode: 'always' },
  });
  return {
    // The kept copy is shown once the first reachability check has answered (at most its
    // timeout): offline, the 'You are offline' banner comes with it, not after it.
    persister: { ...queryPersister, restoreClient: () => Promise.all([queryPersister.restoreClient(), firstReachabilityVerdict()]).then(([client]) => client) },
    maxAge: PERSIST_MAX_AGE_MS,
    // A new app version may change response shapes: start from an empty cache.
    buster: version,
    // TanStack keeps only successful queries by default; a refetch that failed when the network
    // dropped still holds the last good data (the signed-in user, the feed), and that is what an
    // offline reload must find.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.data !== undefined },
  };
}

/**
 * Once the kept copy is restored, every answer in it counts as out of date, whatever its age: a
 * screen shown from it asks the server again as soon as it can (offline it keeps showing the copy).
 * The copy may hold an answer from before a change the page made just before it was left (it is
 * saved a second after a change), and it must not stand for the server's for the rest of its
 * staleTime. Answers the page already had from the server (`since` and later) stay as they are, and
 * so does the signed-in user, which the guard asks the server for on every load.
 */
export function markRestoredStale(client: QueryClient, since: number): Promise<void> {
  return client.invalidateQueries({
    refetchType: 'none',
    predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.state.dataUpdatedAt < since,
  });
}

/** Logout: forget every cached response (memory and IndexedDB). */
export async function clearPersistedQueries(client: QueryClient): Promise<void> {
  generation++;
  client.clear();
  await queryPersister.removeClient();
  await (await offlineDb()).queryCache.clear();
}
