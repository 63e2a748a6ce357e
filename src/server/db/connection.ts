// Kysely on better-sqlite3 (WAL) by default, on pg when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, sql } from 'kysely';
import { lru } from '../lib/lru.js';
import { forgetOnWrite } from '../lib/request-scope.js';
import { DEFAULT_POOL_SIZE, DEFAULT_READ_THREADS, DEFAULT_WRITE_POOL_SIZE } from './defaults.js';
import { routedPostgresDialect } from './pg-driver.js';
import { prepareReads } from './pg-prepared.js';
import { pooledSqliteDialect, sqliteReadPool } from './sqlite-driver.js';
import { registerSqliteFunctions } from './sqlite-functions.js';
import type { Database } from './types.js';
import { DEFAULT_PG_TIMEOUTS, resilientPool, type PgTimeouts } from './pg-pool.js';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export interface DbHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
  /** The PostgreSQL pools, for lone reads and for everything else (metrics read their use); none on SQLite. */
  pools?: { read: pg.Pool; write: pg.Pool };
}

// PostgreSQL returns bigint counts as strings; COUNT(*) fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  schema?: string;
  /** SQLite: worker threads that run reads off the event loop (db/sqlite-driver.ts); 0 runs them on the writer. */
  readThreads?: number;
  /** PostgreSQL: connections this process keeps at most for lone reads (every process on one database adds its own). */
  poolSize?: number;
  /** PostgreSQL: connections this process keeps at most for writes and transactions, beside the read pool. */
  writePoolSize?: number;
  pgTimeouts?: PgTimeouts;
  onPgError?: (err: Error, what: string) => void;
}


export function openDatabase(opts: OpenOptions): DbHandle {
  if (opts.databaseUrl) {
    const open = (max: number, reads: boolean) => {
      const pool = resilientPool({ connectionString: opts.databaseUrl, max }, opts.pgTimeouts ?? DEFAULT_PG_TIMEOUTS, opts.onPgError);
      if (opts.schema) {
        const schema = opts.schema;
        pool.on('connect', (client) => {
          client.query(`SET search_path TO "${schema}"`).catch(() => undefined);
        });
      }
      // Lone reads keep their plans (db/pg-prepared.ts); writes and transactions run as they come.
      if (reads) pool.on('connect', (client) => prepareReads(client));
      return pool;
    };
    const pools = { read: open(opts.poolSize ?? DEFAULT_POOL_SIZE, true), write: open(opts.writePoolSize ?? DEFAULT_WRITE_POOL_SIZE, false) };
    const db = new Kysely<Database>({ dialect: routedPostgresDialect(pools.read, pools.write), plugins: [forgetOnWrite] });
    return { db, dialect: 'postgres', close: () => db.destroy(), pools };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'community.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  registerSqliteFunctions(sqlite);
  const readers = sqliteReadPool(file, opts.readThreads ?? DEFAULT_READ_THREADS);
  const db = new Kysely<Database>({ dialect: pooledSqliteDialect(sqlite, cachedStatements(sqlite), readers), plugins: [forgetOnWrite] });
  sqliteConnections.set(db, sqlite);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const sqliteConnections = new WeakMap<DB, SQLite.Database>();

/**
 * The writer connection under a SQLite `db` (none on PostgreSQL), for a tiny read that costs less
 * on this thread than a trip to a reader thread (lib/list-cache.ts). Such a read must not run while
 * the writer is inside a transaction (`inTransaction`): it would see that transaction's uncommitted
 * writes.
 */
export function sqliteConnection(db: DB): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

/** Prepared statements kept per SQL text (the most recently used STATEMENT_CACHE of them). */
const STATEMENT_CACHE = 500;

/**
 * Preparing costs as much as running a short query, so the writer keeps its statements. The same
 * statement is safe to reuse: the writer runs one statement at a time, to its end.
 */
function cachedStatements(sqlite: SQLite.Database): (sql: string) => SQLite.Statement {
  const cache = lru<SQLite.Statement>(STATEMENT_CACHE);
  return (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = sqlite.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
}

export const now = () => new Date().toISOString();

/** Case-insensitive LIKE for both dialects. */
export function ilike(dialect: Dialect) {
  return dialect === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
}
