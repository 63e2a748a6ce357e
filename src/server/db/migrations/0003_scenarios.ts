// Scenarios (spec section 3), their tags and favourites, and a folder tree per user.
// Full-text search over name, description and tag titles: the service keeps
// scenarios.search_text up to date; SQLite indexes it with an FTS5 external-content table kept in
// sync by triggers, PostgreSQL with a GIN index on to_tsvector('simple', search_text).
import type { Kysely } from 'kysely';
import { isPostgres, sql, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await withId(db, db.schema.createTable('directories'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('directories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('directories_user_parent').on('directories').columns(['user_id', 'parent_id']).execute();

  await withId(db, db.schema.createTable('scenarios'))
    .addColumn('uuid_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'integer')
    .addColumn('patient_age', 'integer')
    .addColumn('patient_condition', 'integer')
    .addColumn('patient_sex', 'text')
    .addColumn('patient_photo_code', 'integer')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processing_error', 'text')
    .addColumn('contributed_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contributed_at', 'text', (c) => c.notNull())
    .addColumn('num_downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_in_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('num_checklist_items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('num_events', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_images', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_video', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_sounds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_labs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unicode_language_identifier', 'text')
    .addColumn('directory_id', 'integer', (c) => c.references('directories.id').onDelete('set null'))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The library lists public, processed scenarios newest first, optionally by age or condition.
  await db.schema.createIndex('scenarios_library').on('scenarios').columns(['privacy_level', 'is_processed', 'contributed_at', 'id']).execute();
  await db.schema.createIndex('scenarios_library_age').on('scenarios').columns(['privacy_level', 'patient_age', 'contributed_at']).execute();
  await db.schema.createIndex('scenarios_library_condition').on('scenarios').columns(['privacy_level', 'patient_condition', 'contributed_at']).execute();
  await db.schema.createIndex('scenarios_owner').on('scenarios').columns(['contributed_by', 'contributed_at']).execute();
  await db.schema.createIndex('scenarios_owner_name').on('scenarios').columns(['contributed_by', 'name']).execute();
  await db.schema.createIndex('scenarios_directory').on('scenarios').columns(['directory_id']).execute();

  await db.schema
    .createTable('scenario_tags')
    .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scenario_tags_pk', ['scenario_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('scenario_tags_tag').on('scenario_tags').columns(['tag_id', 'scenario_id']).execute();

  await db.schema
    .createTable('scenario_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scenario_favourites_pk', ['user_id', 'scenario_id'])
    .execute();
  await db.schema.createIndex('scenario_favourites_scenario').on('scenario_favourites').columns(['scenario_id']).execute();

  if (pg) {
    await sql`CREATE INDEX scenarios_search ON scenarios USING gin (to_tsvector('simple', search_text))`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE scenarios_fts USING fts5(search_text, content='scenarios', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`CREATE TRIGGER scenarios_fts_ai AFTER INSERT ON scenarios BEGIN
      INSERT INTO scenarios_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER scenarios_fts_ad AFTER DELETE ON scenarios BEGIN
      INSERT INTO scenarios_fts(scenarios_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(db);
    await sql`CREATE TRIGGER scenarios_fts_au AFTER UPDATE OF search_text ON scenarios BEGIN
      INSERT INTO scenarios_fts(scenarios_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO scenarios_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
