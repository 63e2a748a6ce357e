// Where a page deep in a list sorted by name starts (migrations 0056, 0058). The list's rows are
// counted by the first two characters of their folded name; a page more than PREFIX_FREE_OFFSET
// rows from the nearer end starts at the first row of the prefix that holds its first row and steps
// over that prefix's rows only, not over every row before it. That needs each prefix's names to sit
// together in the list's order: SQLite compares text byte by byte, and so does PostgreSQL under the
// C and C.UTF-8 collations (code point order); under a language's collation (en_US, ICU), which
// passes over spaces and punctuation at first, they need not, and the page walks its index as before.
import { sql, type RawBuilder } from 'kysely';
import type { DB, Dialect } from '../db/connection.js';
import { partStart, type Direction } from './pages.js';

/** A page this near either end of a list steps over its entries; further in, it starts at its prefix. */
export const PREFIX_FREE_OFFSET = 500;

/** The counts' table of each list, and the key its order starts with on each database (the table aliased u for users, g for groups). */
const LISTS = {
  users: { table: 'user_name_prefixes', key: { sqlite: sql`lower(u.last_name)`, postgres: sql`u.last_name_key` } },
  groups: { table: 'group_name_prefixes', key: { sqlite: sql`lower(g.name)`, postgres: sql`g.name_key` } },
} as const;

/** PostgreSQL collations that order text by code point, as SQLite does. */
const CODE_POINT_COLLATIONS = new Set(['c', 'posix', 'c.utf8', 'c.utf-8', 'ucs_basic']);

/** Per database, whether it orders text by code point (asked once). */
const inCodePointOrder = new WeakMap<object, Promise<boolean>>();

/** Whether names sort by code point: always on SQLite; on PostgreSQL, by the database's collation. */
export function namesInCodePointOrder(db: DB, dialect: Dialect): Promise<boolean> {
  if (dialect === 'sqlite') return Promise.resolve(true);
  // (Keyed by the database's executor, the same for the database and its transactions.)
  const key = db.getExecutor().adapter;
  let known = inCodePointOrder.get(key);
  if (!known) {
    known = sql<{ collation: string }>`SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()`
      .execute(db)
      .then(({ rows }) => CODE_POINT_COLLATIONS.has((rows[0]?.collation ?? '').toLowerCase()));
    // A failed question is asked again next time.
    known.catch(() => inCodePointOrder.delete(key));
    inCodePointOrder.set(key, known);
  }
  return known;
}

/**
 * Where a page of the whole `list` at `offset`, read in `dir`, starts: a condition on the list's key
 * and the rows to step over there, as SQL for the statement that reads the page (pages.ts partStart:
 * the prefixes' counts are read in it). Undefined when the page is near an end or the database's
 * order does not keep a prefix's names together.
 */
export async function prefixStart(db: DB, dialect: Dialect, list: keyof typeof LISTS, dir: Direction, offset: number): Promise<{ where: RawBuilder<unknown>; offset: RawBuilder<number> } | undefined> {
  if (offset <= PREFIX_FREE_OFFSET || !(await namesInCodePointOrder(db, dialect))) return undefined;
  const { table, key: keys } = LISTS[list];
  const key = keys[dialect];
  // Ascending, a prefix's first name sorts at or after the prefix; descending, its last one before
  // the next prefix up (past the last prefix, before the last code point).
  const start = partStart(table, 'prefix', dir, offset, '\u{10FFFF}');
  return { where: dir === 'asc' ? sql`${key} >= ${start.bound}` : sql`${key} < ${start.bound}`, offset: start.skip };
}
