// Limits on sign-in failures and e-mail sending calls('Limits and accounts'): one counter
// per key and fixed window, in the database so every server process sees the same counts (DESIGN
// section 8, 'several servers'). Reset links are looked up by user to end the older ones.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'purpose']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_tokens_user').execute();
  await db.schema.dropTable('rate_limits').execute();
}
