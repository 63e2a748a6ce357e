// How many library scenarios hold each word, kept by triggers in the same transaction as each write.
// A library search shows its total; for a common word that count read every match through the
// full-text index (and on PostgreSQL visited every match's row for its visibility): about 13 ms
// for a word in one scenario of eight on PostgreSQL at 100 000 scenarios, 3 to 4 ms on SQLite. A
// search word that only one word of the library starts with (most searches of one word) now reads
// its count from one row (features/scenarios/repository.ts). A word counts once per scenario.
//   - SQLite: triggers on scenarios split search_text with search_words() (db/sqlite-functions.ts),
//     the words as the full-text index reads them; 'listed' is public and processed, as the library.
//   - PostgreSQL: a trigger on the scenario's search document (0047) reads its lexemes when the
//     document is listed ('#library'); the word compares byte by byte (COLLATE "C") so a prefix is
//     a range of the key.
import type { Kysely } from 'kysely';
import { isPostgres, pgCountsTrigger, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`CREATE TABLE library_words (word text ${sql.raw(pg ? 'COLLATE "C" ' : '')}PRIMARY KEY, n integer NOT NULL)`.execute(db);
  if (pg) await postgresCounts(db);
  else await sqliteCounts(db);
}

async function sqliteCounts(db: Kysely<unknown>) {
  const listed = (row: string) => `${row}.privacy_level = 2 AND ${row}.is_processed = 1`;
  /** Adds `delta` to each word of `row`'s search_text when `row` is listed. */
  const add = (row: string, delta: 1 | -1) =>
    `INSERT INTO library_words (word, n) SELECT json_extract(w.value, '$[0]'), ${delta} FROM json_each(search_words(${row}.search_text)) w WHERE ${listed(row)}
      ON CONFLICT (word) DO UPDATE SET n = n + (${delta});`;
  await sql.raw(`CREATE TRIGGER library_words_insert AFTER INSERT ON scenarios BEGIN ${add('new', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER library_words_delete AFTER DELETE ON scenarios BEGIN ${add('old', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER library_words_update AFTER UPDATE OF search_text, privacy_level, is_processed ON scenarios BEGIN
    ${add('old', -1)} ${add('new', 1)} END`).execute(db);
  await sql.raw(`INSERT INTO library_words (word, n) SELECT json_extract(w.value, '$[0]'), count(*) FROM scenarios s, json_each(search_words(s.search_text)) w
    WHERE ${listed('s')} GROUP BY 1`).execute(db);
}

/** PostgreSQL: the words of the listed documents `from` names as d. */
const postgresWords = (from: string) => `SELECT w.lexeme AS word FROM ${from}, unnest(d.document) w
  WHERE d.document @@ '''#library'''::tsquery AND left(w.lexeme, 1) <> '#'`;

/** PostgreSQL: every word's count again, for rows loaded with the triggers off (the bench's copy). */
export async function refillPostgresLibraryWords(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM library_words`.execute(db);
  await sql.raw(`INSERT INTO library_words (word, n) SELECT word, count(*) FROM (${postgresWords('scenario_search_documents d')}) words GROUP BY 1`).execute(db);
}

async function postgresCounts(db: Kysely<unknown>) {
  const words = (row: string, d: 1 | -1) => `SELECT word, ${d} AS d FROM (${postgresWords(`(SELECT ${row}.document AS document) d`)}) w`;
  await pgCountsTrigger(db, {
    name: 'library_words_count', on: 'scenario_search_documents', events: 'INSERT OR DELETE OR UPDATE OF document',
    table: 'library_words', keys: ['word'], changes: words, unchanged: 'OLD.document = NEW.document',
  });
  await refillPostgresLibraryWords(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
