// SQL functions the SQLite schema's triggers and the app's reads call, registered on every
// connection (the app's writer, the reader threads: sqlite-reader.worker.mjs, the bench's bulk
// loader). A connection without them cannot write the tables whose triggers use them ("no such
// function"), so tools that write those tables must register them.
import type SQLite from 'better-sqlite3';
import { textWords } from '../../shared/search.js';
import { holdsWordsSql } from '../../shared/fold.mjs';

/**
 * The distinct words of some texts as FTS5's unicode61 tokenizer with 'remove_diacritics 2' reads
 * them (shared/search.ts textWords), each with the index of the first text that holds it.
 */
export function searchWordsOf(...texts: unknown[]): [string, number][] {
  const seen = new Map<string, number>();
  texts.forEach((text, i) => {
    if (typeof text === 'string') for (const word of textWords(text)) if (!seen.has(word)) seen.set(word, i);
  });
  return [...seen];
}

export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  // search_words(text, ...): searchWordsOf as a JSON array of [word, text index], for json_each
  // (group_words, migration 0052).
  sqlite.function('search_words', { deterministic: true, varargs: true }, (...texts: unknown[]) => JSON.stringify(searchWordsOf(...texts)));
  // holds_words(text, words): the library search's walk (features/scenarios/repository.ts).
  sqlite.function('holds_words', { deterministic: true }, holdsWordsSql);
}
