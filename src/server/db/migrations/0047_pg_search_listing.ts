// PostgreSQL: a search's total read from the full-text index alone. Counting the posts or library
// scenarios that match a word used to read every match's row to check that it is listed (approved
// and live, public or of one of the reader's groups; public and processed): a common word's count
// took tens of milliseconds. Each search document now also holds its row's listing as lexemes that
// no text can produce (they start with '#', which the parser drops and search words never hold),
// so the index answers "matches the words and is listed" on its own, and a count of it reads no row
// (a bitmap scan of an all-visible table skips the heap):
//   - posts (posts_search): '#feed' for an approved, live post of no group, '#g<id>' for one of
//     group <id>; nothing for a pending or deleted post;
//   - scenarios (scenario_search_documents, new, as posts' and groups' are): '#library' for a
//     public, processed scenario, and its '#age<n>' and '#condition<n>' for the library's filters. The
//     words are folded as every other search document's (accents, glued punctuation: 0014), where
//     the expression index over search_text (now dropped) kept them as written.
// Triggers keep them as rows change; the names here are the ones lib/full-text.ts asks for.
//
// A count is a bitmap scan of the GIN index; it still visits each match's heap tuple (PostgreSQL
// checks visibility there) but never evaluates a document. The counting functions below hold
// enable_seqscan off for their one query: the planner prices evaluating a document at next to
// nothing and would rather read the whole table for a common word, several times slower.
// SQLite: its posts got the same in their full-text table later (0050).
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';
import { foldSql } from './0014_search.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await posts(db);
  await scenarios(db);
}

async function posts(db: Kysely<unknown>) {
  // The whole document of a post, words and listing: the trigger and a bulk load (bench/seed.ts) call it.
  await sql`CREATE FUNCTION post_listed_document(title text, body text, tags text, status integer, deleted_at text, group_id integer)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT post_search_document(title, body, tags)
      || CASE WHEN status = 1 AND deleted_at IS NULL
           THEN array_to_tsvector(ARRAY[CASE WHEN group_id IS NULL THEN '#feed' ELSE '#g' || group_id END])
           ELSE ''::tsvector END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION posts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO posts_search (post_id, document)
        VALUES (NEW.id, post_listed_document(NEW.title, NEW.text, NEW.tag_text, NEW.status, NEW.deleted_at, NEW.group_id))
        ON CONFLICT (post_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER posts_search_au ON posts`.execute(db);
  await sql`CREATE TRIGGER posts_search_au AFTER UPDATE OF title, text, tag_text, status, deleted_at, group_id ON posts
    FOR EACH ROW EXECUTE FUNCTION posts_search_refresh()`.execute(db);
  await sql`UPDATE posts_search s SET document = post_listed_document(p.title, p.text, p.tag_text, p.status, p.deleted_at, p.group_id)
    FROM posts p WHERE p.id = s.post_id`.execute(db);
  await sql`ANALYZE posts_search`.execute(db);
  await sql`CREATE FUNCTION posts_search_count(q tsquery) RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
    AS $$ SELECT count(*) FROM posts_search WHERE document @@ q $$`.execute(db);
}

async function scenarios(db: Kysely<unknown>) {
  await sql.raw(`CREATE FUNCTION scenario_listed_document(search_text text, privacy_level integer, is_processed integer,
      patient_age integer, patient_condition integer)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT to_tsvector('simple', ${foldSql("coalesce(search_text, '')")})
      || CASE WHEN privacy_level = 2 AND is_processed = 1
           THEN array_to_tsvector(array_remove(ARRAY['#library', '#age' || patient_age, '#condition' || patient_condition], NULL))
           ELSE ''::tsvector END $$`).execute(db);
  await sql`CREATE TABLE scenario_search_documents (
    scenario_id integer PRIMARY KEY REFERENCES scenarios(id) ON DELETE CASCADE,
    document tsvector NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION scenario_search_documents_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO scenario_search_documents (scenario_id, document)
        VALUES (NEW.id, scenario_listed_document(NEW.search_text, NEW.privacy_level, NEW.is_processed, NEW.patient_age, NEW.patient_condition))
        ON CONFLICT (scenario_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER scenario_search_documents_ai AFTER INSERT ON scenarios
    FOR EACH ROW EXECUTE FUNCTION scenario_search_documents_refresh()`.execute(db);
  await sql`CREATE TRIGGER scenario_search_documents_au AFTER UPDATE OF search_text, privacy_level, is_processed, patient_age, patient_condition
    ON scenarios FOR EACH ROW EXECUTE FUNCTION scenario_search_documents_refresh()`.execute(db);
  await sql`INSERT INTO scenario_search_documents (scenario_id, document)
    SELECT id, scenario_listed_document(search_text, privacy_level, is_processed, patient_age, patient_condition) FROM scenarios`.execute(db);
  await sql`CREATE INDEX scenario_search_documents_gin ON scenario_search_documents USING gin (document)`.execute(db);
  // Searches read the stored documents now; the expression index only cost every write.
  await sql`DROP INDEX scenarios_search`.execute(db);
  await sql`ANALYZE scenario_search_documents`.execute(db);
  await sql`CREATE FUNCTION scenario_search_count(q tsquery) RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
    AS $$ SELECT count(*) FROM scenario_search_documents WHERE document @@ q $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
