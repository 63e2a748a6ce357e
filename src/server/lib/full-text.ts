// Full-text query pieces shared by site search and the admin user list, over the indexes
// of migration 0014_search. Words arrive folded by searchWords (src/shared/search.ts) and hold only
// letters and digits, so they are safe inside either query syntax.
import { sql, type RawBuilder } from 'kysely';
import type { DB, Dialect } from '../db/connection.js';
import { ONE_PLAN } from '../db/pg-prepared.js';
import { listCache } from './list-cache.js';
import { storedTotal, USERS_TOTAL } from './list-totals.js';
import { pageWindow, readOrder } from './pages.js';
import { prefixStart } from './name-prefixes.js';

export interface Page {
  offset: number;
  limit: number;
}

/**
 * FTS5: every word a prefix, all required; optionally within one column. `whole[i]`, when given, is
 * the only indexed word that starts with `words[i]` (soleWordStarting): asked for whole, it finds
 * the same rows. FTS5 reads a prefix's matches by merging the lists of every word that starts with
 * it, all of them before the first row, but a whole word's list only as far as the page needs: at
 * 100 000 posts a common word's first page of titles 1.7 against 0.25 ms, its last page 3.9 against
 * 0.3 ms. (Not where the column holds none of its matches: a whole word then takes about 1.5 ms to
 * find none, a prefix's merge 0.2 ms; the post search skips a tier its word counts say is empty.)
 */
export const ftsQuery = (words: string[], column?: string, whole: readonly (string | null | undefined)[] = []) => {
  const all = words.map((w, i) => (whole[i] ? `"${whole[i]}"` : `"${w}"*`)).join(' AND ');
  return column ? `${column} : (${all})` : all;
};
/** PostgreSQL tsquery: every word a prefix, all required; `weight` limits it to the title (A). */
export const tsQuery = (words: string[], weight = '') => words.map((w) => `${w}:*${weight}`).join(' & ');

/**
 * PostgreSQL: the listing lexemes of the search documents (migration 0047), which no text produces:
 * an approved, live post of the feed or of a group; a public, processed scenario and its filters.
 */
export const LISTED = {
  feed: '#feed',
  group: (groupId: number) => `#g${groupId}`,
  library: '#library',
  age: (age: number) => `#age${age}`,
  condition: (condition: number) => `#condition${condition}`,
};

/** PostgreSQL tsquery text of listing lexemes, all (`&`) or any (`|`) of them. */
export const listedQuery = (lexemes: string[], op: '&' | '|') => lexemes.map((l) => `'${l}'`).join(` ${op} `);

/**
 * SQLite: the listing of a post in posts_fts (migration 0050), a column of its own: an approved,
 * live post of the feed or of a group. Search words are asked of POST_TEXT_COLUMNS only.
 */
export const FTS_LISTED = {
  feed: 'listedfeed',
  group: (groupId: number) => `listedg${groupId}`,
};
export const POST_TEXT_COLUMNS = '{title text tag_text}';
/** SQLite: posts_fts rows listed under any of `tokens`. */
export const listedFts = (tokens: string[]) => `listing : (${tokens.join(' OR ')})`;

export interface UserHit {
  id: number;
  uuid_id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  enabled: number;
  email_verified: number;
  role: number;
  last_login: string | null;
  created_at: string;
}

/** Every account matching all words (admins see disabled and unverified ones too), by name. */
export async function searchUsers(db: DB, dialect: Dialect, words: string[], page: Page): Promise<{ count: number; rows: UserHit[] }> {
  const cols = sql`u.id, u.uuid_id, u.first_name, u.last_name, u.username, u.email, u.enabled, u.email_verified, u.role, u.last_login, u.created_at`;
  let from: RawBuilder<unknown>;
  if (!words.length) from = sql`users u WHERE 1 = 1`;
  // PostgreSQL: the stored document (migration 0025), read rather than computed per candidate row.
  else if (dialect === 'postgres') from = sql`user_search_documents us JOIN users u ON u.id = us.user_id WHERE us.document @@ to_tsquery('simple', ${tsQuery(words)})`;
  else from = sql`users_fts JOIN users u ON u.id = users_fts.rowid WHERE users_fts MATCH ${ftsQuery(words)}`;
  // Cached per words until a user row changes (lib/list-cache.ts).
  // Every user has a document in users_fts (SQLite) or user_search_documents (PostgreSQL): that alone counts the matches.
  const counted = !words.length
    ? from
    : dialect === 'sqlite'
      ? sql`users_fts WHERE users_fts MATCH ${ftsQuery(words)}`
      : sql`user_search_documents us WHERE us.document @@ to_tsquery('simple', ${tsQuery(words)})`;
  const n = await listCache(db).total(`users ${words.join(' ')}`, ['users'], async () =>
    // Every account: the database keeps the total (lib/list-totals.ts).
    words.length ? Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${counted}`.execute(db)).rows[0].n) : storedTotal(db, USERS_TOTAL),
  );
  // Deferred join: the page's ids by name (users_by_name holds the order and the id; matches of
  // words are sorted by it), read from the nearer end of the list; then only those users, in the
  // same statement (one read, not one for the ids and one for the rows).
  const w = pageWindow(n, page.offset, page.limit);
  if (!w) return { count: n, rows: [] };
  const d = sql.raw(readOrder(w, 'asc'));
  let ids: RawBuilder<unknown> = from;
  if (words.length && dialect === 'sqlite') {
    // A common word: walk users_by_name and keep the matches (one pass over the matches' ids, then
    // about (offset + limit) x users / matches index entries) rather than sort every match by name.
    // A rare word: sort its few matches.
    const everyone = await listCache(db).total('users ', ['users'], () => storedTotal(db, USERS_TOTAL));
    if ((w.offset + w.limit) * everyone < 10 * n * n) {
      ids = sql`users u INDEXED BY users_by_name WHERE u.id IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${ftsQuery(words)})`;
    }
  }
  let offset: number | RawBuilder<number> = w.offset;
  // A page that finds where it starts by itself has one plan for every value (db/pg-prepared.ts).
  let plan = sql``;
  if (!words.length) {
    // Deep in the whole list: from the first account of the name prefix that holds the page's first row.
    const start = await prefixStart(db, dialect, 'users', readOrder(w, 'asc'), w.offset);
    if (start) {
      ids = sql`users u WHERE ${start.where}`;
      offset = start.offset;
      plan = sql.raw(` ${ONE_PLAN}`);
    }
  }
  // (PostgreSQL orders by the stored name keys, whose index it walks without reading a row: 0051.)
  const order = dialect === 'postgres' ? sql`u.last_name_key ${d}, u.first_name_key ${d}` : sql`lower(u.last_name) ${d}, lower(u.first_name) ${d}`;
  const { rows } = await sql<UserHit>`SELECT ${cols} FROM users u
    WHERE u.id IN (SELECT u.id FROM ${ids} ORDER BY ${order}, u.id ${d} LIMIT ${w.limit} OFFSET ${offset})
    ORDER BY ${order}, u.id ${d}${plan}`.execute(db);
  return { count: n, rows: w.backward ? rows.reverse() : rows };
}

/**
 * The one word of a word table (group_words 0052, library_words 0054, post_words 0055) that starts
 * with `prefix`: the word when only one does, null when several do, undefined when none does. Two
 * seeks on the word's index: the first such word and the next. `counted`: only rows still counted
 * (n > 0) stand for a word.
 */
export async function soleWordStarting(db: DB, table: 'group_words' | 'library_words' | 'post_words', prefix: string, counted: boolean): Promise<string | null | undefined> {
  const sole = await soleWordRead(db, table, prefix, counted, false);
  return sole && sole.word;
}

/**
 * soleWordStarting on library_words (one row a word) with the word's count, in the same statement:
 * `{ word, n }`, null when several words start with `prefix`, undefined when none does.
 */
export async function soleLibraryWord(db: DB, prefix: string): Promise<{ word: string; n: number } | null | undefined> {
  const sole = await soleWordRead(db, 'library_words', prefix, true, true);
  return sole && { word: sole.word, n: Number(sole.n) };
}

async function soleWordRead(db: DB, table: string, prefix: string, counted: boolean, withCount: boolean) {
  // Every word starting with the prefix sorts below the prefix followed by the last code point
  // (byte order: SQLite's, and the "C" collation of the column on PostgreSQL).
  const end = `${prefix}\u{10FFFF}`;
  const live = counted ? sql`AND n > 0` : sql``;
  const { rows } = await sql<{ word: string; next: string | null; n?: number }>`WITH first AS (
      SELECT word${withCount ? sql`, n` : sql``} FROM ${sql.table(table)} WHERE word >= ${prefix} AND word < ${end} ${live} ORDER BY word LIMIT 1)
    SELECT first.word${withCount ? sql`, first.n` : sql``}, (SELECT w.word FROM ${sql.table(table)} w WHERE w.word > first.word AND w.word < ${end} ${live} ORDER BY w.word LIMIT 1) AS next
    FROM first`.execute(db);
  if (!rows[0]) return undefined;
  return rows[0].next === null ? rows[0] : null;
}
