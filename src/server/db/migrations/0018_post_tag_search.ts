// Site search finds posts by their tags too (the composer's hint: 'Use tags to help people find your
// post by searching for common terms'). posts.tag_text holds the titles of a post's tags, kept by
// triggers on post_tags (tags themselves are never renamed), and the post's search index takes it
// as a third part after the title and the text:
//   - SQLite: posts_fts is made again with a tag_text column (the title tier still matches the
//     title column alone);
//   - PostgreSQL: the posts_search document gets the tags at weight C (the title tier matches A).
// The triggers of migration 0014 follow tag_text like the title and the text.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';
import { foldSql } from './0014_search.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE posts ADD COLUMN tag_text text NOT NULL DEFAULT ''`.execute(db);
  if (isPostgres(db)) await postgres(db);
  else await sqlite(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}

async function sqlite(db: Kysely<unknown>) {
  const tagText = (postId: string) =>
    `(SELECT coalesce(group_concat(title, ' '), '') FROM (SELECT t.title FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
      WHERE pt.post_id = ${postId} ORDER BY t.title))`;
  for (const [event, row] of [['INSERT', 'new'], ['DELETE', 'old']] as const) {
    await sql.raw(`CREATE TRIGGER post_tags_text_${event === 'INSERT' ? 'ai' : 'ad'} AFTER ${event} ON post_tags BEGIN
      UPDATE posts SET tag_text = ${tagText(`${row}.post_id`)} WHERE id = ${row}.post_id; END`).execute(db);
  }

  const cols = 'title, text, tag_text';
  for (const trigger of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER posts_fts_${trigger}`).execute(db);
  await sql`DROP TABLE posts_fts`.execute(db);
  await sql.raw(`CREATE VIRTUAL TABLE posts_fts USING fts5(${cols}, content='posts', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3')`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_fts_ai AFTER INSERT ON posts BEGIN
    INSERT INTO posts_fts(rowid, ${cols}) VALUES (new.id, new.title, new.text, new.tag_text); END`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_fts_ad AFTER DELETE ON posts BEGIN
    INSERT INTO posts_fts(posts_fts, rowid, ${cols}) VALUES ('delete', old.id, old.title, old.text, old.tag_text); END`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_fts_au AFTER UPDATE OF ${cols} ON posts BEGIN
    INSERT INTO posts_fts(posts_fts, rowid, ${cols}) VALUES ('delete', old.id, old.title, old.text, old.tag_text);
    INSERT INTO posts_fts(rowid, ${cols}) VALUES (new.id, new.title, new.text, new.tag_text); END`).execute(db);

  await sql.raw(`UPDATE posts SET tag_text = ${tagText('posts.id')} WHERE id IN (SELECT post_id FROM post_tags)`).execute(db);
  await sql`INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`.execute(db);
}

async function postgres(db: Kysely<unknown>) {
  await sql.raw(`CREATE FUNCTION post_search_document(title text, body text, tags text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT setweight(to_tsvector('simple', ${foldSql("coalesce(title, '')")}), 'A')
              || setweight(to_tsvector('simple', ${foldSql("coalesce(body, '')")}), 'B')
              || setweight(to_tsvector('simple', ${foldSql("coalesce(tags, '')")}), 'C') $$`).execute(db);
  await sql`CREATE OR REPLACE FUNCTION posts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO posts_search (post_id, document) VALUES (NEW.id, post_search_document(NEW.title, NEW.text, NEW.tag_text))
        ON CONFLICT (post_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER posts_search_au ON posts`.execute(db);
  await sql`CREATE TRIGGER posts_search_au AFTER UPDATE OF title, text, tag_text ON posts FOR EACH ROW EXECUTE FUNCTION posts_search_refresh()`.execute(db);
  await sql`DROP FUNCTION post_search_document(text, text)`.execute(db);

  await sql`CREATE FUNCTION post_tags_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE pid integer;
    BEGIN
      pid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
      UPDATE posts SET tag_text = coalesce((SELECT string_agg(t.title, ' ' ORDER BY t.title) FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
        WHERE pt.post_id = pid), '') WHERE id = pid;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER post_tags_text AFTER INSERT OR DELETE ON post_tags FOR EACH ROW EXECUTE FUNCTION post_tags_text_refresh()`.execute(db);

  // Tagged posts get their text, and through posts_search_au their new document.
  await sql`UPDATE posts p SET tag_text = (SELECT string_agg(t.title, ' ' ORDER BY t.title) FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
    WHERE pt.post_id = p.id) WHERE p.id IN (SELECT post_id FROM post_tags)`.execute(db);
}
