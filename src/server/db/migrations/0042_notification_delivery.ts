// How notifications reach each user beyond the list in the app:
// - notification_settings: per user and kind, whether it shows in the app, is pushed to their
//   devices, and goes into their e-mail digest. No row means the defaults (in the app and by push,
//   not in the digest); a kind with every channel off creates no notification at all.
// - notification_preferences: how often the digest is sent ('off', 'daily', 'weekly') and when the
//   last one went, so a digest only holds what is new since then.
// - push_subscriptions: a browser's Web Push subscription (its push service endpoint and keys),
//   owned by the user who subscribed on that device.
// The list groups unread notifications of one kind and subject: an index finds a group's newest.
import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('digest', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('digest_frequency', 'text', (c) => c.notNull())
    .addColumn('last_digest_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema.createIndex('notifications_user_group').on('notifications').columns(['user_id', 'has_read', 'kind', 'subject', 'created_at', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
