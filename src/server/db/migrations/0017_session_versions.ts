// Sessions get a version in list_versions too (migration 0016): a process keeps each signed-in
// session it has looked up, under the versions of sessions and users at the time, and asks the
// database again only when either table has changed since (a sign-in or sign-out anywhere, a user
// disabled or edited), so a request reads one row of versions rather than the session and its user.
import type { Kysely } from 'kysely';
import { sql } from './helpers.js';
import { addVersionTriggers } from './0016_list_versions.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO list_versions (name, version) VALUES ('sessions', 0)`.execute(db);
  await addVersionTriggers(db, 'sessions');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
