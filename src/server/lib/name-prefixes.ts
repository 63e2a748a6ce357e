// SQLite: where a page deep in a list sorted by name starts (migration 0056). The list's rows are
// counted by the first two characters of their folded name; a page more than PREFIX_FREE_OFFSET
// rows from the nearer end starts at the first row of the prefix that holds its first row and steps
// over that prefix's rows only, not over every row before it.
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db/connection.js';
import { partHolding, type Direction } from './pages.js';

/** A page this near either end of a list steps over its entries; further in, it starts at its prefix. */
export const PREFIX_FREE_OFFSET = 500;

/** The counts' table of each list, and the expression its order starts with. */
const LISTS = {
  users: { table: 'user_name_prefixes', key: sql`lower(u.last_name)` },
  groups: { table: 'group_name_prefixes', key: sql`lower(g.name)` },
} as const;

/**
 * Where a page of the whole `list` at `offset`, read in `dir`, starts: a condition on the list's
 * key (its table aliased u for users, g for groups) and the offset among the rows it keeps.
 * Undefined when the page is near an end, or the counts do not reach the offset.
 */
export async function prefixStart(db: DB, list: keyof typeof LISTS, dir: Direction, offset: number): Promise<{ where: RawBuilder<unknown>; offset: number } | undefined> {
  if (offset <= PREFIX_FREE_OFFSET) return undefined;
  const { table, key } = LISTS[list];
  const { rows } = await sql<{ prefix: string; n: number }>`SELECT prefix, n FROM ${sql.table(table)} WHERE n > 0 ORDER BY prefix ${sql.raw(dir)}`.execute(db);
  const part = partHolding(rows, offset);
  if (!part) return undefined;
  const { index: i, before } = part;
  // Ascending, a prefix's first name sorts at or after the prefix; descending, its last one before the next prefix up.
  if (dir === 'asc') return { where: sql`${key} >= ${rows[i]!.prefix}`, offset: offset - before };
  return { where: i === 0 ? sql`1 = 1` : sql`${key} < ${rows[i - 1]!.prefix}`, offset: offset - before };
}
