// Forum posts (spec section 3): the public feed is group_id null; group posts come with forum groups
// (group_id has no foreign key until the groups table exists). Attachments point at scenarios and
// media without a foreign key so this migration does not depend on their tables' order; the feed
// joins them, so a deleted scenario or media item simply drops out of the post.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('posts'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('post'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // The feed: newest first among live posts of one group (or none), by status.
  await db.schema
    .createIndex('posts_feed')
    .on('posts')
    .columns(['group_id', 'status', 'created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('posts_creator').on('posts').columns(['creator_id', 'created_at']).execute();

  await db.schema
    .createTable('post_scenarios')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('scenario_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_scenarios_pk', ['post_id', 'scenario_id'])
    .execute();
  await db.schema.createIndex('post_scenarios_scenario').on('post_scenarios').column('scenario_id').execute();

  await db.schema
    .createTable('post_media')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_media_pk', ['post_id', 'media_id'])
    .execute();
  await db.schema.createIndex('post_media_media').on('post_media').column('media_id').execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('post_tags_tag').on('post_tags').columns(['tag_id', 'post_id']).execute();

  // One report per user and post (spec section 6); an admin's "ignore" stamps ignored_at.
  await db.schema
    .createTable('post_reports')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ignored_at', 'text')
    .addPrimaryKeyConstraint('post_reports_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_reports_open').on('post_reports').columns(['ignored_at', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
