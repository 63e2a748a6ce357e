// How many listed posts hold each word, by listing (the feed, each group) and tier (the title holds
// it, or only the text or tags), kept by triggers in the same transaction as each write. A post
// search shows its total and pages through two tiers; for a common word each count read every match
// through the full-text index (on PostgreSQL visiting every match's row for its visibility): about
// 14 ms for a word in one post of five at 100 000 posts on PostgreSQL, 3 to 10 ms on SQLite. A
// search word that only one posted word starts with now reads its counts from the reader's
// listings' rows (features/search/repository.ts). A word counts once per post.
//   - SQLite: triggers on posts split the title, text and tags with search_words()
//     (db/sqlite-functions.ts); the listing is posts.listing (0050: 'listedfeed', 'listedg<id>', or
//     '' for a pending or deleted post, which is not counted).
//   - PostgreSQL: a trigger on the post's search document (0047) reads its lexemes (weight A: the
//     title) and its listing lexeme ('#feed', '#g<id>'); one statement a change, its rows in order.
import type { Kysely } from 'kysely';
import { isPostgres, pgCountsTrigger, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`CREATE TABLE post_words (
    word text ${sql.raw(pg ? 'COLLATE "C" ' : '')}NOT NULL,
    listing text NOT NULL,
    tier integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (word, listing, tier))`.execute(db);
  if (pg) await postgresCounts(db);
  else await sqliteCounts(db);
}

async function sqliteCounts(db: Kysely<unknown>) {
  /** Each word of `row` with its listing and tier (0: the title holds it). */
  const words = (row: string) => `SELECT json_extract(w.value, '$[0]') AS word, ${row}.listing AS listing, min(json_extract(w.value, '$[1]'), 1) AS tier
    FROM json_each(search_words(${row}.title, ${row}.text, ${row}.tag_text)) w WHERE ${row}.listing <> ''`;
  const add = (row: string, delta: 1 | -1) =>
    `INSERT INTO post_words (word, listing, tier, n) SELECT word, listing, tier, ${delta} FROM (${words(row)}) WHERE true
      ON CONFLICT (word, listing, tier) DO UPDATE SET n = n + (${delta});`;
  await sql.raw(`CREATE TRIGGER post_words_insert AFTER INSERT ON posts BEGIN ${add('new', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER post_words_delete AFTER DELETE ON posts BEGIN ${add('old', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER post_words_update AFTER UPDATE OF title, text, tag_text, status, deleted_at, group_id ON posts BEGIN
    ${add('old', -1)} ${add('new', 1)} END`).execute(db);
  await sql.raw(`INSERT INTO post_words (word, listing, tier, n)
    SELECT json_extract(w.value, '$[0]'), p.listing, min(json_extract(w.value, '$[1]'), 1), count(*)
    FROM posts p, json_each(search_words(p.title, p.text, p.tag_text)) w WHERE p.listing <> '' GROUP BY 1, 2, 3`).execute(db);
}

/** PostgreSQL: each word of the listed documents `from` names as d, with its listing and tier. */
const postgresWords = (from: string) => `SELECT w.lexeme AS word, l.lexeme AS listing, CASE WHEN 'A' = ANY (w.weights) THEN 0 ELSE 1 END AS tier
  FROM ${from} CROSS JOIN LATERAL (SELECT lexeme FROM unnest(d.document) WHERE left(lexeme, 1) = '#' LIMIT 1) l, unnest(d.document) w
  WHERE left(w.lexeme, 1) <> '#'`;

/** PostgreSQL: every count again, for rows loaded with the triggers off (the bench's copy). */
export async function refillPostgresPostWords(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM post_words`.execute(db);
  await sql.raw(`INSERT INTO post_words (word, listing, tier, n) SELECT word, listing, tier, count(*) FROM (${postgresWords('posts_search d')}) words GROUP BY 1, 2, 3`).execute(db);
}

async function postgresCounts(db: Kysely<unknown>) {
  const words = (row: string, d: 1 | -1) => `SELECT word, listing, tier, ${d} AS d FROM (${postgresWords(`(SELECT ${row}.document AS document) d`)}) w`;
  await pgCountsTrigger(db, {
    name: 'post_words_count', on: 'posts_search', events: 'INSERT OR DELETE OR UPDATE OF document',
    table: 'post_words', keys: ['word', 'listing', 'tier'], changes: words, unchanged: 'OLD.document = NEW.document',
  });
  await refillPostgresPostWords(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
