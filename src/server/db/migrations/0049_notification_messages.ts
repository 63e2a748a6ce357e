// A notification names its text by a message key and the values it is filled with, so every reader
// sees it in their own language (in the app, in push, in the e-mail digest). The stored name and
// description stay: they are the text older rows show, and what a key unknown to a client falls back to.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('message_key', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('message_params', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
