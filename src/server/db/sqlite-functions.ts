// SQL functions the SQLite schema's triggers call, registered on every connection that writes
// (the app's writer, the bench's bulk loader). A connection without them cannot write the tables
// whose triggers use them ("no such function"), so tools that write those tables must register them.
import type SQLite from 'better-sqlite3';
import { textWords } from '../../shared/search.js';

export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  // The distinct words of a text as FTS5's unicode61 tokenizer with 'remove_diacritics 2' reads them
  // (shared/search.ts textWords), as a JSON array for json_each: group_words (migration 0052).
  sqlite.function('search_words', { deterministic: true }, (text: unknown) =>
    JSON.stringify(typeof text === 'string' ? [...new Set(textWords(text))] : []),
  );
}
