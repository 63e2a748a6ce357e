// Mentions and 'Helpful' reactions on posts and replies.
// - Reactions: one per person per post (post_reactions) or reply (reply_reactions): the primary key
//   keeps one however many toggles arrive at once. Each post and reply keeps its count
//   (helpful_count), changed by one in the same transaction as the row it counts, so the feed reads
//   counts without counting and sorts by them from an index; changing it also moves the list
//   versions of posts and post_replies, so cached pages follow.
// - Mentions: who was mentioned in which post or reply ('post:<id>' / 'reply:<id>'), written when
//   they were told: a person is told once per post or reply, also when a reply is edited.
// - 'Most helpful': approved live posts of the last 30 days by helpful_count, then newest: one index
//   for the reader's feed and one for a group's posts, like posts_feed_visible / posts_feed_group.
import type { Kysely } from 'kysely';
import { sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('post_replies').addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('post_reactions')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_reactions_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('reply_reactions')
    .addColumn('reply_id', 'integer', (c) => c.notNull().references('post_replies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reply_reactions_pk', ['reply_id', 'user_id'])
    .execute();
  // Whether the reader reacted, for a page of posts or replies.
  await db.schema.createIndex('post_reactions_user').on('post_reactions').columns(['user_id', 'post_id']).execute();
  await db.schema.createIndex('reply_reactions_user').on('reply_reactions').columns(['user_id', 'reply_id']).execute();

  await db.schema
    .createTable('mentions')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mentions_pk', ['subject', 'user_id'])
    .execute();

  await db.schema
    .createIndex('posts_feed_helpful')
    .on('posts')
    .columns(['status', 'helpful_count', 'created_at', 'id', 'group_id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('posts_group_helpful')
    .on('posts')
    .columns(['group_id', 'status', 'helpful_count', 'created_at', 'id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
