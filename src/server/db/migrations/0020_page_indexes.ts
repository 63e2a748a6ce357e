// Pages that cost the same at any depth (lib/pages.ts): every paginated list finds its page's ids in
// one index that holds the list's filter, its order and the id (a covering index: the rows before
// the page are never read, on PostgreSQL an index-only scan), then reads only the page's rows.
// Earlier indexes lacked a filter column (is_processed of media), the id (PostgreSQL needs it in the
// index), or the order (my scenarios by name or by processing state).
import type { Kysely } from 'kysely';
import { sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['scenarios_owner', 'media_owner', 'posts_feed', 'posts_feed_all', 'audit_log_action', 'audit_log_actor', 'notifications_user_created']) {
    await db.schema.dropIndex(name).execute();
  }
  // My scenarios, in each of its orders (newest, name, processing state then newest).
  await db.schema.createIndex('scenarios_owner_page').on('scenarios').columns(['contributed_by', 'contributed_at', 'id']).execute();
  await db.schema.createIndex('scenarios_owner_name_page').on('scenarios').expression(sql`contributed_by, lower(name), id`).execute();
  await db.schema.createIndex('scenarios_owner_processed').on('scenarios').columns(['contributed_by', 'is_processed', 'contributed_at', 'id']).execute();

  // The media library (approved, public, processed; all or one type), my media, another user's media.
  await db.schema.createIndex('media_library_page').on('media').columns(['approval_status', 'privacy_level', 'is_processed', 'contributed_at', 'id']).execute();
  await db.schema
    .createIndex('media_library_type')
    .on('media')
    .columns(['approval_status', 'privacy_level', 'is_processed', 'is_video', 'contributed_at', 'id'])
    .execute();
  await db.schema.createIndex('media_owner_page').on('media').columns(['contributed_by', 'contributed_at', 'id']).execute();
  await db.schema
    .createIndex('media_owner_public')
    .on('media')
    .columns(['contributed_by', 'approval_status', 'privacy_level', 'is_processed', 'contributed_at', 'id'])
    .execute();

  // The feed of a signed-in reader and site search without words: approved live posts newest first,
  // kept when public or of one of the reader's groups (group_id in the index decides that); and one
  // group's posts (or the public ones'). deleted_at is in the index too: SQLite counts an index as
  // covering only when it holds every column the query names, those of the partial index's WHERE included.
  await db.schema
    .createIndex('posts_feed_visible')
    .on('posts')
    .columns(['status', 'created_at', 'id', 'group_id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('posts_feed_group')
    .on('posts')
    .columns(['group_id', 'status', 'created_at', 'id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  // The audit log by action or by actor, and a user's notifications, newest first.
  await db.schema.createIndex('audit_log_action_page').on('audit_log').columns(['action', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_page').on('audit_log').columns(['actor_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_user_page').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  // The unread count beside every notifications list.
  await db.schema.createIndex('notifications_user_unread').on('notifications').columns(['user_id', 'has_read']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
