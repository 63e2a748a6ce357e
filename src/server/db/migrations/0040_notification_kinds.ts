// Notifications say what they are about: a kind (shared/notification-kinds.ts), who caused them and
// the subject they concern (for example 'post:12'), so unread ones of one kind and subject can be
// shown as one ('Sam and 3 others found your post helpful') and each kind delivered per the user's
// settings. Older rows are 'general' with no actor or subject.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('kind', 'text', (c) => c.notNull().defaultTo('general')).execute();
  await db.schema.alterTable('notifications').addColumn('actor_id', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('subject', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
