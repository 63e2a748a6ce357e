// Long lists without counting or reading the same rows on every request (issue: lists at 100 000
// rows). Every table a list counts or shows has a version in list_versions, raised by triggers in
// the same transaction as each write to it (migration 0016). A list total, or a page of rows, is
// cached in this process under the versions of its tables at the time it was read; the versions are
// read from the database once in every request (one short query for all of them, shared by a GET
// request's session lookup and lists: lib/request-scope.ts), so a write by any process, committed
// before the request began, is never answered with older data.
//
// Reading the versions before the data keeps this safe under concurrent writes: data read after a
// write committed, but filed under the versions read before it, is only ever looked up by requests
// that still read those older versions.
//
// Totals are small and kept until evicted; pages are kept at most PAGE_TTL_MS (they may hold signed
// file URLs, which expire) and fewer of them.
import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import { sqliteConnection, type DB } from '../db/connection.js';
import type { VERSIONED_TABLES } from '../db/migrations/0016_list_versions.js';
import { lru, type Lru } from './lru.js';
import { sharedInRequest } from './request-scope.js';

/** The tables with a version: those of migration 0016, sessions (0017, plugins/session.ts), replies (0026), reactions and mentions (0048). */
export type VersionedTable = (typeof VERSIONED_TABLES)[number] | 'sessions' | 'post_replies' | 'post_reactions' | 'reply_reactions' | 'mentions';

const MAX_TOTALS = 5_000;
const MAX_PAGES = 1_000;
export const PAGE_TTL_MS = 30_000;

export interface ListCache {
  /** false: nothing is kept between requests (LIST_CACHE=off); every total and page is read. */
  readonly enabled: boolean;
  /**
   * Every table's version as the database holds it now (one short query), or as it held it earlier
   * in this request (lib/request-scope.ts).
   */
  versions(): Promise<ReadonlyMap<string, string>>;
  /**
   * The total under `key` counted over `tables`: from the cache when none of them changed since it
   * was counted, else from `count` (and cached).
   */
  total(key: string, tables: readonly VersionedTable[], count: () => Promise<number>): Promise<number>;
  /**
   * A page (rows, or a whole answer) under `key` read from `tables`: from the cache when none of them
   * changed since it was read and it is younger than PAGE_TTL_MS, else from `read` (and cached).
   * The value is shared between requests: callers must not change it.
   */
  page<T>(key: string, tables: readonly VersionedTable[], read: () => Promise<T>): Promise<T>;
}

const caches = new WeakMap<DB, ListCache>();
const disabled = new WeakSet<DB>();

/**
 * Turns the cache of `db` off (config.listCache false): call it before the first listCache(db). The
 * speed targets hold without it; the bench measures both ways.
 */
export function disableListCache(db: DB): void {
  disabled.add(db);
}

/** One cache per database handle (each test app, each server process has its own). */
export function listCache(db: DB): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createListCache(db, !disabled.has(db));
    caches.set(db, cache);
  }
  return cache;
}

/** Hits and reads of every list cache in this process since it started (the bench reports them). */
export const listCacheStats = { hits: 0, reads: 0 };

interface Entry {
  value: unknown;
  at: number;
}

function createListCache(db: DB, enabled: boolean): ListCache {
  const totals = lru<Entry>(MAX_TOTALS);
  const pages = lru<Entry>(MAX_PAGES);
  // Requests that read the same versions share one read per key. (Each request reads the versions
  // itself: a read already under way may have begun before a write this request must see.)
  const reading = new Map<string, Promise<unknown>>();

  // All versions as one text ('posts=12,users=7,...'): one row costs far less to read than a row
  // per table, and while nothing changes the text is the same and so is the map made from it.
  const versionsQuery = sql<{ v: string | null }>`SELECT string_agg(name || '=' || version, ',') AS v FROM list_versions`.compile(db);
  // On SQLite the read is made at once on the connection itself, not queued behind Kysely's other
  // queries, unless a transaction holds the connection: its writes are not committed yet (and may
  // be rolled back), so then the read waits its turn like any query. (Prepared at the first read:
  // the table does not exist before the migrations have run.)
  const sqlite = sqliteConnection(db);
  let sqliteVersions: Statement | undefined;
  let last: { text: string; map: ReadonlyMap<string, string> } = { text: '', map: new Map() };
  const readVersions = async (): Promise<ReadonlyMap<string, string>> => {
    const text =
      sqlite && !sqlite.inTransaction
        ? (((sqliteVersions ??= sqlite.prepare(versionsQuery.sql).pluck()).get() as string | null) ?? '')
        : ((await db.executeQuery(versionsQuery)).rows[0]?.v ?? '');
    if (text !== last.text) {
      const map = new Map(text.split(',').map((pair) => pair.split('=') as [string, string]));
      last = { text, map };
    }
    return last.map;
  };
  const versions = () => sharedInRequest(cache, readVersions);

  async function cached<T>(store: Lru<Entry>, ttl: number, key: string, tables: readonly VersionedTable[], read: () => Promise<T>): Promise<T> {
    if (!enabled) {
      listCacheStats.reads++;
      return read();
    }
    const v = await versions();
    const full = `${tables.map((t) => v.get(t) ?? '-').join('.')} ${key}`;
    const hit = store.get(full);
    if (hit && Date.now() - hit.at < ttl) {
      listCacheStats.hits++;
      return hit.value as T;
    }
    listCacheStats.reads++;
    let pending = reading.get(full) as Promise<T> | undefined;
    if (!pending) {
      const at = Date.now();
      pending = read().then((value) => {
        // Frozen (its top level): shared answers are never changed, and the serialiser may keep the
        // JSON of a frozen answer, as bytes (lib/serializer.ts).
        if (value && typeof value === 'object') Object.freeze(value);
        store.set(full, { value, at });
        return value;
      });
      const p = pending;
      reading.set(full, p);
      void p.then(
        () => reading.get(full) === p && reading.delete(full),
        () => reading.get(full) === p && reading.delete(full),
      );
    }
    return pending;
  }

  const cache: ListCache = {
    enabled,
    versions,
    total: (key, tables, count) => cached(totals, Infinity, `total ${key}`, tables, count),
    page: (key, tables, read) => cached(pages, PAGE_TTL_MS, `page ${key}`, tables, read),
  };
  return cache;
}
