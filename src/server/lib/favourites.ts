// Favourites of media and scenarios: one row per user and item, toggled.
import { sql } from 'kysely';
import { now, type DB } from '../db/connection.js';

/**
 * Toggles `userId`'s favourite of item `itemId` in `table` (the item in `column`); true when it is
 * now a favourite. Call it under the item's lock (the repositories' `locked`).
 */
export async function flipFavourite(
  db: DB,
  table: 'media_favourites' | 'scenario_favourites',
  column: 'media_id' | 'scenario_id',
  userId: number,
  itemId: number,
): Promise<boolean> {
  const removed = await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId} AND ${sql.ref(column)} = ${itemId}`.execute(db);
  if (Number(removed.numAffectedRows ?? 0) > 0) return false;
  await sql`INSERT INTO ${sql.table(table)} (user_id, ${sql.ref(column)}, created_at) VALUES (${userId}, ${itemId}, ${now()}) ON CONFLICT DO NOTHING`.execute(db);
  return true;
}

/** The enabled user named by id or uuid_id, or undefined. */
export async function enabledUserId(db: DB, ref: number | string): Promise<number | undefined> {
  const q = db.selectFrom('users').select('id').where('enabled', '=', 1);
  const row = typeof ref === 'number' ? await q.where('id', '=', ref).executeTakeFirst() : await q.where('uuid_id', '=', ref).executeTakeFirst();
  return row?.id;
}
