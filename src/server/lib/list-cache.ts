// Totals of the long lists without counting the table on every request (issue: lists at 100 000
// rows). Every table a total counts has a version in list_versions, raised by triggers in the same
// transaction as each write to it (migration 0016). A total is cached in this process under the
// versions of its tables at the time it was counted; the versions are read from the database on
// every request (one short query for all of them), so a write by any process, committed before the
// request began, is never answered with an older total.
//
// Reading the versions before counting keeps this safe under concurrent writes: a total counted
// after a write committed, but filed under the version read before it, is only ever looked up by
// requests that still read that older version.
import type { DB } from '../db/connection.js';

export type VersionedTable = 'scenarios' | 'scenario_tags' | 'posts' | 'post_tags' | 'group_members' | 'forum_groups' | 'users';

/** Totals kept per process (the most recently used ones). */
const MAX_ENTRIES = 5_000;

export interface ListCache {
  /**
   * The total under `key` counted over `tables`: from the cache when none of them changed since it
   * was counted, else from `count` (and cached).
   */
  total(key: string, tables: readonly VersionedTable[], count: () => Promise<number>): Promise<number>;
}

const caches = new WeakMap<DB, ListCache>();

/** One cache per database handle (each test app, each server process has its own). */
export function listCache(db: DB): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createListCache(db);
    caches.set(db, cache);
  }
  return cache;
}

function createListCache(db: DB): ListCache {
  const totals = new Map<string, number>();
  // Requests that read the same versions share one count per key. (Each request reads the versions
  // itself: a read already under way may have begun before a write this request must see.)
  const counting = new Map<string, Promise<number>>();
  const versions = async () => {
    const rows = await db.selectFrom('list_versions').select(['name', 'version']).execute();
    return new Map(rows.map((r) => [r.name, Number(r.version)]));
  };

  return {
    async total(key, tables, count) {
      const v = await versions();
      const full = `${tables.map((t) => v.get(t) ?? -1).join('.')} ${key}`;
      const hit = totals.get(full);
      if (hit !== undefined) {
        // Most recently used last: the oldest entries go first when the cache is full.
        totals.delete(full);
        totals.set(full, hit);
        return hit;
      }
      let pending = counting.get(full);
      if (!pending) {
        pending = count().finally(() => counting.delete(full));
        counting.set(full, pending);
      }
      const n = await pending;
      totals.set(full, n);
      if (totals.size > MAX_ENTRIES) totals.delete(totals.keys().next().value!);
      return n;
    },
  };
}
