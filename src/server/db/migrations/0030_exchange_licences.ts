// A licence on every scenario and media item (a default per user), the attribution a copy keeps of
// the work it is based on, and the owner's de-identification confirmation that making an item public
// requires (who confirmed and when). Items from before carry 'community' (all rights reserved, use
// within this community): their authors never granted more.
import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';
import { recreateUsersUpdateTrigger } from './0019_bookkeeping_versions.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('default_licence', 'text', (c) => c.notNull().defaultTo('community')).execute();
  // SQLite's users version trigger names the columns it compares: the new one too.
  if (!isPostgres(db)) await recreateUsersUpdateTrigger(db);
  for (const table of ['scenarios', 'media']) {
    await db.schema.alterTable(table).addColumn('licence', 'text', (c) => c.notNull().defaultTo('community')).execute();
    await db.schema.alterTable(table).addColumn('public_confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable(table).addColumn('public_confirmed_at', 'text').execute();
  }
  // The work a copy is based on: a link while it exists, and its name and author as they were.
  await db.schema.alterTable('scenarios').addColumn('based_on_id', 'integer', (c) => c.references('scenarios.id').onDelete('set null')).execute();
  await db.schema.alterTable('scenarios').addColumn('based_on_uuid', 'text').execute();
  await db.schema.alterTable('scenarios').addColumn('based_on_name', 'text').execute();
  await db.schema.alterTable('scenarios').addColumn('based_on_author', 'text').execute();
  await db.schema.createIndex('scenarios_based_on').on('scenarios').columns(['based_on_id', 'privacy_level']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scenarios_based_on').execute();
  for (const c of ['based_on_author', 'based_on_name', 'based_on_uuid', 'based_on_id']) await db.schema.alterTable('scenarios').dropColumn(c).execute();
  for (const table of ['media', 'scenarios']) {
    for (const c of ['public_confirmed_at', 'public_confirmed_by', 'licence']) await db.schema.alterTable(table).dropColumn(c).execute();
  }
  await db.schema.alterTable('users').dropColumn('default_licence').execute();
}
