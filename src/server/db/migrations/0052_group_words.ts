// Group search by one word, in name order, from an index. A group search lists the groups whose
// name holds the words first, then the others, each by name; a word found in a tenth of all groups
// had every match read and sorted to find the first page (5 ms on SQLite, 12 ms on PostgreSQL, at
// 100 000 groups, against under 1.5 ms for a rare word). group_words holds one row per (word,
// group): the tier (0 when the name holds the word, 1 when only the description does) and the
// group's name key, so a word's page of groups in list order is a seek on (word, tier, name_key,
// group_id). Search words match as prefixes: a prefix that only one indexed word starts with reads
// that word's rows (features/search/repository.ts); any other search reads the full-text index.
//   - SQLite: triggers split the name and the description with search_words(), the words as FTS5's
//     tokenizer reads them (db/sqlite-functions.ts); the name key is lower(name), as the list sorts.
//   - PostgreSQL: a trigger reads the lexemes of the group's search document (0014), weight A for
//     the name; the word compares byte by byte (COLLATE "C") so a prefix is a range of the index.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await postgresWords(db);
  else await sqliteWords(db);
}

/**
 * SQLite: the table is its one index (WITHOUT ROWID, keyed in list order); a group's rows are found
 * again from its old name and description, so no index by group is kept.
 */
async function sqliteWords(db: Kysely<unknown>) {
  await sql`CREATE TABLE group_words (
    word text NOT NULL,
    tier integer NOT NULL,
    name_key text NOT NULL,
    group_id integer NOT NULL,
    PRIMARY KEY (word, tier, name_key, group_id)) WITHOUT ROWID`.execute(db);
  // search_words(name, description): each word once, with 0 when the name holds it, else 1.
  const words = (g: string, from = '') => `SELECT json_extract(w.value, '$[0]'), json_extract(w.value, '$[1]'), lower(${g}.name), ${g}.id
    FROM ${from}json_each(search_words(${g}.name, ${g}.description)) w`;
  const insert = (g: string) => `INSERT INTO group_words (word, tier, name_key, group_id) ${words(g)};`;
  // (Each key column on its own, so every old row is one seek of the key.)
  const remove = `DELETE FROM group_words WHERE word IN (SELECT json_extract(w.value, '$[0]') FROM json_each(search_words(old.name, old.description)) w)
    AND tier IN (0, 1) AND name_key = lower(old.name) AND group_id = old.id;`;
  await sql.raw(`CREATE TRIGGER group_words_ai AFTER INSERT ON forum_groups BEGIN ${insert('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER group_words_au AFTER UPDATE OF name, description ON forum_groups BEGIN ${remove} ${insert('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER group_words_ad AFTER DELETE ON forum_groups BEGIN ${remove} END`).execute(db);
  await sql.raw(`INSERT INTO group_words (word, tier, name_key, group_id) ${words('g', 'forum_groups g, ')}`).execute(db);
}

/** PostgreSQL: the words of the groups `from` names as g. */
const postgresRows = (from: string) => `SELECT w.lexeme, CASE WHEN 'A' = ANY (w.weights) THEN 0 ELSE 1 END, lower(g.name), g.id
    FROM ${from}, unnest(group_search_document(g.name, g.description)) w`;

/** PostgreSQL: every group's words again, for rows loaded with the triggers off (the bench's copy). */
export async function refillPostgresGroupWords(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM group_words`.execute(db);
  await sql.raw(`INSERT INTO group_words (word, tier, name_key, group_id) ${postgresRows('forum_groups g')}`).execute(db);
}

async function postgresWords(db: Kysely<unknown>) {
  await sql`CREATE TABLE group_words (
    word text COLLATE "C" NOT NULL,
    tier integer NOT NULL,
    name_key text NOT NULL,
    group_id integer NOT NULL REFERENCES forum_groups(id) ON DELETE CASCADE)`.execute(db);
  await sql`CREATE INDEX group_words_page ON group_words (word, tier, name_key, group_id)`.execute(db);
  await sql`CREATE INDEX group_words_group ON group_words (group_id)`.execute(db);
  await sql.raw(`CREATE FUNCTION group_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN DELETE FROM group_words WHERE group_id = OLD.id; END IF;
      INSERT INTO group_words (word, tier, name_key, group_id) ${postgresRows('(SELECT NEW.id AS id, NEW.name AS name, NEW.description AS description) g')};
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER group_words_refresh AFTER INSERT OR UPDATE OF name, description ON forum_groups
    FOR EACH ROW EXECUTE FUNCTION group_words_refresh()`.execute(db);
  await refillPostgresGroupWords(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
