// Kysely on SQLite with reads off the event loop. better-sqlite3 runs every statement on the calling
// thread, so one slow read used to hold every other request, reads and writes alike. Here:
//   - one writer connection on the main thread runs every write and every statement of a
//     transaction, one transaction (or lone write) at a time;
//   - reads outside a transaction run on a small pool of worker threads (Piscina), each with a
//     read-only connection to the same file. In WAL mode they read the last committed state without
//     blocking the writer or each other, and a read that starts after a write committed sees it.
// A statement counts as a read when SQLite says it is read-only and returns rows (better-sqlite3's
// `readonly` and `reader`): an INSERT ... RETURNING is a write. A read that has proved quick
// (db/quick-reads.ts) runs on the writer connection instead, outside any transaction: the trip to a
// thread would cost more than the read. So does a read of a request that writes (a post, a toggle:
// lib/request-scope.ts) that has run before and has not lately been slow: queued behind the lists'
// reads and then behind their answers on the event loop, the few reads of a write took longer than
// the write.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { keyLookupCheck } from './key-lookups.js';
import { QuickReads } from './quick-reads.js';
import { inWriteRequest } from '../lib/request-scope.js';

interface ReadAnswer {
  /** Each row as an array of its columns' values (sqlite-reader.worker.mjs). */
  rows?: unknown[][];
  columns?: string[];
  /** How long the statement ran on its thread. */
  ms?: number;
  error?: { message: string; code?: string; name?: string };
}

export interface ReadPool {
  /** The rows, and how long the statement ran on its thread (milliseconds). */
  read(sql: string, parameters: readonly unknown[]): Promise<{ rows: unknown[]; ms: number }>;
  /** Moves what it can of the WAL into the database file, on a reader thread (never blocks the writer). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/** How often a reader thread checkpoints the WAL (the writer's own checkpoints are off then). */
export const CHECKPOINT_MS = 1000;

/** `threads` worker threads reading `file` (0: no pool, reads run on the writer like writes). */
export function sqliteReadPool(file: string, threads: number): ReadPool | null {
  if (threads <= 0) return null;
  const pool = new Piscina({
    // Beside this module (a path, not a URL: a browser-like test environment replaces the global URL).
    filename: path.join(path.dirname(fileURLToPath(import.meta.url)), 'sqlite-reader.worker.mjs'),
    workerData: { file },
    minThreads: threads,
    maxThreads: threads,
    // A thread serves many reads at once only in turn; queued reads wait for the first free thread.
    concurrentTasksPerWorker: 1,
    idleTimeout: Infinity,
    // No wait- and run-time histograms (nothing reads them): a sixth less of this thread's time a
    // trip (36 against 43 microseconds in a pool of two threads with ten reads in flight).
    recordTiming: false,
  });
  return {
    async read(sql, parameters) {
      const answer = (await pool.run({ sql, parameters })) as ReadAnswer;
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code, name: answer.error.name ?? 'SqliteError' });
      return { rows: rowsOf(sql, answer.columns ?? [], answer.rows ?? []), ms: answer.ms ?? 0 };
    },
    async checkpoint() {
      const answer = (await pool.run({ checkpoint: true })) as ReadAnswer;
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    },
    close: () => pool.destroy(),
  };
}

/**
 * A function that makes a row's object from its array of values, per column list: an object literal
 * with the columns as its keys (a later column of the same name wins, as in better-sqlite3's own
 * objects), which V8 builds far faster than an object grown a property at a time.
 */
type RowMaker = (values: unknown[]) => Record<string, unknown>;
/** Row makers by SQL text (the same statement always has the same columns), the most recent ROW_MAKERS. */
const ROW_MAKERS = 500;
const rowMakers = new Map<string, RowMaker>();

function rowMaker(columns: string[]): RowMaker {
  const last = new Map(columns.map((name, i) => [name, i]));
  // ('__proto__' as a literal's key would set the object's prototype: such a column is defined instead.)
  if (last.has('__proto__')) return (v) => Object.fromEntries([...last].map(([name, i]) => [name, v[i]]));
  const fields = [...last].map(([name, i]) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowMaker;
}

/** The rows a reader thread answered as arrays, as objects keyed by column name. */
function rowsOf(sql: string, columns: string[], rows: unknown[][]): Record<string, unknown>[] {
  if (!rows.length) return [];
  let make = rowMakers.get(sql);
  if (!make) {
    make = rowMaker(columns);
    if (rowMakers.size >= ROW_MAKERS) rowMakers.delete(rowMakers.keys().next().value!);
    rowMakers.set(sql, make);
  }
  return rows.map(make);
}

/** Waiters for the writer connection, first come first served. */
class WriterLock {
  #held = false;
  #waiting: (() => void)[] = [];
  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

type Prepare = (sql: string) => SQLite.Statement;

class PooledConnection implements DatabaseConnection {
  /** Whether this connection holds the writer (inside a transaction). */
  holdsWriter = false;
  constructor(
    private readonly driver: PooledSqliteDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { prepare, readers, lock, writer, quick } = this.driver;
    const stmt = prepare(query.sql);
    if (!this.holdsWriter && readers && stmt.reader && stmt.readonly) {
      // (Not while a transaction is open on the writer: the read would see its uncommitted rows.)
      const here =
        !writer.inTransaction &&
        ((inWriteRequest() && quick.mayRunForWrite(query.sql)) || quick.isQuick(query.sql, () => this.driver.isKeyLookup(query.sql, query.parameters)));
      if (here) {
        const start = performance.now();
        const rows = stmt.all(query.parameters) as R[];
        quick.record(query.sql, performance.now() - start, true);
        return { rows };
      }
      const { rows, ms } = await readers.read(query.sql, query.parameters);
      quick.record(query.sql, ms);
      return { rows: rows as R[] };
    }
    if (this.holdsWriter) return run<R>(stmt, query.parameters);
    await lock.lock();
    try {
      return run<R>(stmt, query.parameters);
    } finally {
      lock.unlock();
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on SQLite here: page with LIMIT instead');
  }
}

function run<R>(stmt: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

export class PooledSqliteDriver implements Driver {
  readonly lock = new WriterLock();
  readonly quick = new QuickReads();
  /** Whether a read looks rows up by a unique key only (asked once per statement). */
  readonly isKeyLookup: (sql: string, parameters: readonly unknown[]) => boolean;
  #checkpoints?: ReturnType<typeof setInterval>;
  constructor(
    readonly writer: SQLite.Database,
    readonly prepare: Prepare,
    readonly readers: ReadPool | null,
  ) {
    this.isKeyLookup = keyLookupCheck(writer);
  }

  async init(): Promise<void> {
    // A checkpoint copies pages and syncs the file: tens of milliseconds on a large database. Run on
    // the writer (SQLite's automatic checkpoint after a commit) it would hold every request; a
    // reader thread runs it instead, PASSIVE, beside reads and writes.
    const readers = this.readers;
    if (!readers) return;
    this.writer.pragma('wal_autocheckpoint = 0');
    let running = false;
    this.#checkpoints = setInterval(() => {
      if (running) return;
      running = true;
      readers.checkpoint().then(
        () => (running = false),
        () => (running = false),
      );
    }, CHECKPOINT_MS);
    this.#checkpoints.unref();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PooledConnection;
    await this.lock.lock();
    c.holdsWriter = true;
    try {
      this.writer.exec('begin');
    } catch (e) {
      this.#release(c);
      throw e;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PooledConnection;
    try {
      this.writer.exec('commit');
    } finally {
      // A failed COMMIT (a deferred constraint) leaves the transaction open: Kysely rolls it back next.
      if (!this.writer.inTransaction) this.#release(c);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PooledConnection;
    try {
      if (this.writer.inTransaction) this.writer.exec('rollback');
    } finally {
      this.#release(c);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction always ends in commit or rollback, which hand the writer back; this covers a
    // connection given up while it still held it.
    const c = connection as PooledConnection;
    if (c.holdsWriter) {
      if (this.writer.inTransaction) this.writer.exec('rollback');
      this.#release(c);
    }
  }

  async destroy(): Promise<void> {
    clearInterval(this.#checkpoints);
    await this.readers?.close();
    this.writer.close();
  }

  #release(c: PooledConnection): void {
    if (!c.holdsWriter) return;
    c.holdsWriter = false;
    this.lock.unlock();
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Kysely's SQLite dialect with PooledSqliteDriver. */
export function pooledSqliteDialect(writer: SQLite.Database, prepare: Prepare, readers: ReadPool | null): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new PooledSqliteDriver(writer, prepare, readers),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
