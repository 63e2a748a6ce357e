// Forum groups (spec sections 3, 4 and 6): the group, its members with their member type
// (0 member, 1 moderator, 2 creator), pending invites (by e-mail; user_id is set once an account
// holds the address), join requests, and a moderation log. Group posts are rows of `posts` with
// group_id set; pending ones have status 0.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('forum_groups'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('membership_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('posting_type', 'text', (c) => c.notNull().defaultTo('allowAll'))
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('forum_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('member_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  // "Which groups am I in" (the feed, My Groups) reads by user.
  await db.schema.createIndex('group_members_user').on('group_members').columns(['user_id', 'group_id']).execute();

  await withId(db, db.schema.createTable('group_invites'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('forum_groups.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('group_invites_group_email', ['group_id', 'email'])
    .execute();
  await db.schema.createIndex('group_invites_user').on('group_invites').columns(['user_id']).execute();
  await db.schema.createIndex('group_invites_email').on('group_invites').columns(['email']).where(sql.ref('user_id'), 'is', null).execute();

  await withId(db, db.schema.createTable('group_join_requests'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('forum_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('group_join_requests_group_user', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_join_requests_user').on('group_join_requests').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('group_moderation_log'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('forum_groups.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_moderation_log_group').on('group_moderation_log').columns(['group_id', 'created_at']).execute();

  // The feed now holds public posts and the approved posts of the reader's groups: walk approved
  // posts newest first and keep those, so a page still stops after its rows (posts_feed serves one
  // group's page, and the pending posts of a group, by group and status).
  await db.schema
    .createIndex('posts_feed_all')
    .on('posts')
    .columns(['status', 'created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
