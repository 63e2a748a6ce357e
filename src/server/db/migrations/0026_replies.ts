// Replies under posts: a flat list per post, oldest first. A reply may quote the post (reply_to_id
// null) or another reply of the same post. Deleting (by its author, an admin or a group moderator)
// keeps the row with deleted_at set and its text emptied, so a reply that quoted it can say 'This
// reply was deleted'. Reports of replies mirror post_reports. Replies are found by search
// (FTS5 on SQLite, a stored tsvector on PostgreSQL, both kept by triggers) and have a list version
// (lib/list-cache.ts), so cached feed pages showing reply counts follow every write.
import type { Kysely } from 'kysely';
import { addVersionTriggers } from './0016_list_versions.js';
import { isPostgres, sql, withId } from './helpers.js';
import { foldSql } from './0014_search.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('post_replies'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reply_to_id', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  // A post's replies in order, and its count of live replies, from one index.
  await db.schema.createIndex('post_replies_thread').on('post_replies').columns(['post_id', 'deleted_at', 'created_at', 'id']).execute();
  await db.schema.createIndex('post_replies_creator').on('post_replies').columns(['creator_id', 'post_id']).execute();

  await db.schema
    .createTable('post_reply_reports')
    .addColumn('reply_id', 'integer', (c) => c.notNull().references('post_replies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ignored_at', 'text')
    .addPrimaryKeyConstraint('post_reply_reports_pk', ['reply_id', 'user_id'])
    .execute();

  await sql`INSERT INTO list_versions (name, version) VALUES ('post_replies', 0)`.execute(db);
  await addVersionTriggers(db, 'post_replies');

  if (isPostgres(db)) {
    await sql`CREATE TABLE post_replies_search (
      reply_id integer PRIMARY KEY REFERENCES post_replies(id) ON DELETE CASCADE,
      document tsvector NOT NULL)`.execute(db);
    await sql`CREATE INDEX post_replies_search_gin ON post_replies_search USING gin (document)`.execute(db);
    await sql.raw(`CREATE FUNCTION post_replies_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO post_replies_search (reply_id, document) VALUES (NEW.id, to_tsvector('simple', ${foldSql('NEW.text')}))
          ON CONFLICT (reply_id) DO UPDATE SET document = EXCLUDED.document;
        RETURN NULL;
      END $$`).execute(db);
    await sql`CREATE TRIGGER post_replies_search_ai AFTER INSERT ON post_replies FOR EACH ROW EXECUTE FUNCTION post_replies_search_refresh()`.execute(db);
    await sql`CREATE TRIGGER post_replies_search_au AFTER UPDATE OF text ON post_replies FOR EACH ROW EXECUTE FUNCTION post_replies_search_refresh()`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE post_replies_fts USING fts5(text, content='post_replies', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    await sql`CREATE TRIGGER post_replies_fts_ai AFTER INSERT ON post_replies BEGIN
      INSERT INTO post_replies_fts(rowid, text) VALUES (new.id, new.text); END`.execute(db);
    await sql`CREATE TRIGGER post_replies_fts_ad AFTER DELETE ON post_replies BEGIN
      INSERT INTO post_replies_fts(post_replies_fts, rowid, text) VALUES ('delete', old.id, old.text); END`.execute(db);
    await sql`CREATE TRIGGER post_replies_fts_au AFTER UPDATE OF text ON post_replies BEGIN
      INSERT INTO post_replies_fts(post_replies_fts, rowid, text) VALUES ('delete', old.id, old.text);
      INSERT INTO post_replies_fts(rowid, text) VALUES (new.id, new.text); END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
