// A reader thread of the SQLite read pool (db/sqlite-driver.ts): one read-only connection to the
// database file named in workerData, running one SELECT at a time; now and then a checkpoint
// (moving the WAL's pages into the database file) on a connection of its own. Plain JavaScript so the same file
// runs from the sources and from the compiled server (scripts/build-server.mjs copies it).
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { holdsWordsSql } from '../../shared/fold.mjs';

const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// The SQL functions reads call (as sqlite-functions.ts registers them on the writer).
db.function('holds_words', { deterministic: true }, holdsWordsSql);

/**
 * Prepared statements kept per SQL text, the most recently used STATEMENT_CACHE of them, each with
 * its columns' names. A statement answers its rows as arrays (better-sqlite3's raw mode): building
 * an object a row, a property a column, took about half the time of a page's read, and arrays cross
 * to the main thread in fewer bytes; the main thread makes the objects (sqlite-driver.ts rowsOf).
 */
const STATEMENT_CACHE = 500;
const statements = new Map();

function prepare(sql) {
  let entry = statements.get(sql);
  if (entry) {
    statements.delete(sql);
  } else {
    const stmt = db.prepare(sql);
    const raw = stmt.reader;
    if (raw) stmt.raw(true);
    entry = { stmt, columns: raw ? stmt.columns().map((c) => c.name) : undefined };
    if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, entry);
  return entry;
}

/** A connection for checkpoints only (they write the database file), opened at the first one. */
let checkpointer;

/**
 * Runs one read; answers { rows, columns, ms } (rows as arrays of the columns' values, in order; ms:
 * how long the statement ran, db/quick-reads.ts) or { error } (an Error's own fields such as
 * SQLite's `code` do not survive the trip between threads, so they travel as data).
 */
export default function read({ sql, parameters, checkpoint }) {
  try {
    if (checkpoint) {
      checkpointer ??= new SQLite(workerData.file, { fileMustExist: true });
      return { rows: checkpointer.pragma('wal_checkpoint(PASSIVE)') };
    }
    const { stmt, columns } = prepare(sql);
    const start = performance.now();
    const rows = stmt.all(parameters);
    return { rows, columns, ms: performance.now() - start };
  } catch (e) {
    return { error: { message: e instanceof Error ? e.message : String(e), code: e?.code, name: e?.name } };
  }
}
