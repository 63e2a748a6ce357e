// Media library (spec sections 3 and 4): images and videos, their tags and favourites.
// approval_status: 0 unapproved, 1 rejected, 2 approved. privacy_level: 0 private, 2 public.
import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('media'))
    .addColumn('uuid_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_video', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('is_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processing_error', 'text')
    .addColumn('approval_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejection_reason', 'text')
    .addColumn('privacy_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contributed_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contributed_at', 'text', (c) => c.notNull())
    .addColumn('num_downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_in_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The library: approved + public, newest first; my media: by owner; review queue: by status.
  await db.schema.createIndex('media_library').on('media').columns(['approval_status', 'privacy_level', 'contributed_at']).execute();
  await db.schema.createIndex('media_owner').on('media').columns(['contributed_by', 'contributed_at']).execute();

  await db.schema
    .createTable('media_tags')
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('media_tags_pk', ['media_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('media_tags_tag').on('media_tags').columns(['tag_id', 'media_id']).execute();

  await db.schema
    .createTable('media_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_favourites_pk', ['user_id', 'media_id'])
    .execute();
  await db.schema.createIndex('media_favourites_media').on('media_favourites').column('media_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
