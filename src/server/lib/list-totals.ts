// Totals the database keeps as rows change (migration 0023): the whole library, the public feed and
// each group's posts are answered by reading one or a few rows, never by counting the list.
import { sql } from 'kysely';
import type { DB } from '../db/connection.js';
import { builtOnce } from '../db/built-once.js';

/** Public, processed scenarios. */
export const LIBRARY_TOTAL = 'library';
/** Approved, live posts of no group. */
export const FEED_TOTAL = 'feed';
/** Every account. */
export const USERS_TOTAL = 'users';
/** Every group. */
export const GROUPS_TOTAL = 'groups';
/** Approved, live posts of one group. */
export const groupTotal = (groupId: number) => `group:${groupId}`;

/** The stored total `name` (0 while nothing was ever counted under it). */
const totalRead = builtOnce((db: DB, a: { name: string }) => db.selectFrom('list_totals').select('n').where('name', '=', a.name));

export async function storedTotal(db: DB, name: string): Promise<number> {
  const [row] = await totalRead(db, { name });
  return Number(row?.n ?? 0);
}

/**
 * A reader's feed without tags: the public feed's approved, live posts and those of every group
 * `userId` belongs to, from the stored totals in one read.
 */
export async function feedTotalOf(db: DB, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`SELECT coalesce((SELECT t.n FROM list_totals t WHERE t.name = ${FEED_TOTAL}), 0)
    + coalesce((SELECT sum(t.n) FROM group_members m JOIN list_totals t ON t.name = 'group:' || m.group_id WHERE m.user_id = ${userId}), 0) AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
