// Records the tables each cached read of the list cache (src/server/lib/list-cache.ts) touches: a
// cached total or page is only correct when its declared tables cover every table its SQL reads,
// else a write to a missing table leaves the cached answer stale.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, QueryId } from 'kysely';
import type { DB } from '../../src/server/db/connection.js';
import { listCache, type ListCache } from '../../src/server/lib/list-cache.js';

export interface CachedRead {
  kind: 'total' | 'page';
  key: string;
  declared: readonly string[];
  touched: Set<string>;
}

/** The table names a statement reads or writes: every name after FROM, JOIN, INTO or UPDATE (quoted or not, with schema or not). */
export function tablesOf(statement: string): string[] {
  const names = new Set<string>();
  const name = String.raw`(?:"?\w+"?\.)?"?(\w+)"?`;
  const alias = String.raw`(?:\s+(?:as\s+)?"?\w+"?)?`;
  const re = new RegExp(String.raw`\b(?:from|join|into|update)\s+${name}${alias}((?:\s*,\s*${name}${alias})*)`, 'gi');
  for (const m of statement.matchAll(re)) {
    names.add(m[1].toLowerCase());
    // A FROM list: "FROM a, b AS x" reads b as well.
    for (const more of (m[2] ?? '').matchAll(new RegExp(String.raw`,\s*${name}`, 'gi'))) names.add(more[1].toLowerCase());
  }
  return [...names];
}

interface Scope {
  reads: CachedRead[];
}

const scope = new AsyncLocalStorage<Scope>();
let executorPatched = false;

/** Every statement Kysely runs is credited to the cached reads under way around it (nested ones too). */
function patchExecutor(db: DB): void {
  if (executorPatched) return;
  executorPatched = true;
  // Transactions and plugins make new executors of the same class: patch the class, once.
  const proto = Object.getPrototypeOf(db.getExecutor()) as {
    executeQuery(q: CompiledQuery, id: QueryId): Promise<unknown>;
    stream(q: CompiledQuery, chunk: number, id: QueryId): AsyncIterableIterator<unknown>;
  };
  const execute = proto.executeQuery;
  proto.executeQuery = function (this: unknown, q: CompiledQuery, id: QueryId) {
    credit(q.sql, q.parameters);
    return execute.call(this, q, id);
  };
  const stream = proto.stream;
  proto.stream = function (this: unknown, q: CompiledQuery, chunk: number, id: QueryId) {
    credit(q.sql, q.parameters);
    return stream.call(this, q, chunk, id);
  };
}

/**
 * Tables the database keeps from others in the same transaction as each write to those (by
 * triggers): reading one is reading its sources, whose versions a declared list must hold.
 * A full-text index follows its table (SQLite: name_fts; PostgreSQL: the stored search documents of
 * migrations 0014 and 0025; both: the group words of 0052), the library's months (0053) and
 * words (0054) their scenarios, the post words (0055) and months (0057) their posts, the name prefixes (0056) their users; a stored total (list_totals, lib/list-totals.ts)
 * follows the table it counts, told by its name in the statement or its parameters.
 */
const TOTAL_SOURCES: [RegExp, string][] = [
  [/^library$/, 'scenarios'],
  [/^feed$|^group:/, 'posts'],
  [/^users$/, 'users'],
  [/^groups$/, 'forum_groups'],
];

const KEPT_FROM: Record<string, string> = {
  posts_search: 'posts',
  // The words of each group's name and description (migration 0052).
  group_words: 'forum_groups',
  // The library's scenarios by month (migration 0053) and by word (0054).
  library_months: 'scenarios',
  library_words: 'scenarios',
  // Listed posts by word (0055) and by listing and month (0057).
  post_words: 'posts',
  post_months: 'posts',
  // Accounts and groups by name prefix (0056).
  user_name_prefixes: 'users',
  group_name_prefixes: 'forum_groups',
  user_search_documents: 'users',
  group_search_documents: 'forum_groups',
  scenario_search_documents: 'scenarios',
};

/** PostgreSQL counting functions (migration 0047) read the search documents named here. */
const COUNT_FUNCTIONS: Record<string, string> = {
  posts_search_count: 'posts_search',
  scenario_search_count: 'scenario_search_documents',
};

export function sourcesOf(table: string, statement: string, parameters: readonly unknown[]): string[] {
  if (table.endsWith('_fts')) return [table.slice(0, -'_fts'.length)];
  if (KEPT_FROM[table]) return [KEPT_FROM[table]];
  if (table !== 'list_totals') return [table];
  const names = [...parameters.filter((p): p is string => typeof p === 'string'), ...[...statement.matchAll(/'([^']*)'/g)].map((m) => m[1])];
  const sources = TOTAL_SOURCES.filter(([re]) => names.some((n) => re.test(n))).map(([, source]) => source);
  // A stored total this cannot tell stays list_totals: no list declares it, so it is reported.
  return sources.length ? sources : [table];
}

function credit(statement: string, parameters: readonly unknown[]): void {
  const s = scope.getStore();
  if (!s) return;
  const called = [...statement.matchAll(/\b(\w+)\s*\(/g)].map((m) => COUNT_FUNCTIONS[m[1].toLowerCase()]).filter(Boolean);
  const tables = [...tablesOf(statement), ...called].flatMap((t) => sourcesOf(t, statement, parameters));
  for (const read of s.reads) for (const t of tables) read.touched.add(t);
}

/**
 * Records every cached read of `db`'s list cache from now on: its key, its declared tables and the
 * tables its SQL touched. Call before the first request (the cache must be on: a read only runs on
 * a miss, so run each list once on fresh data).
 */
export function recordCachedReads(db: DB): CachedRead[] {
  patchExecutor(db);
  const cache = listCache(db) as { -readonly [K in keyof ListCache]: ListCache[K] };
  const reads: CachedRead[] = [];
  const wrap = <T>(kind: CachedRead['kind'], key: string, tables: readonly string[], read: () => Promise<T>) => () => {
    const entry: CachedRead = { kind, key, declared: tables, touched: new Set() };
    reads.push(entry);
    const outer = scope.getStore()?.reads ?? [];
    return scope.run({ reads: [...outer, entry] }, read);
  };
  const { total, page } = cache;
  cache.total = (key, tables, count) => total(key, tables, wrap('total', key, tables, count));
  cache.page = (key, tables, read) => page(key, tables, wrap('page', key, tables, read));
  return reads;
}

/** The tables a cached read touched that its declared list misses (list_versions itself aside), among `known` tables. */
export function missingTables(read: CachedRead, known: ReadonlySet<string>): string[] {
  return [...read.touched].filter((t) => known.has(t) && t !== 'list_versions' && !read.declared.includes(t)).sort();
}
