// A user's language for the app, e-mails and messages: 'en', 'de', or null (the browser's choice,
// then the distributor's default). Changing it changes the user's cached session, so on SQLite the
// users version trigger names the new column too.
import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';
import { recreateUsersUpdateTrigger } from './0019_bookkeeping_versions.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  if (!isPostgres(db)) await recreateUsersUpdateTrigger(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
