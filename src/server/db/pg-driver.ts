// Kysely on PostgreSQL with two pools, so that no write waits for a connection behind reads. Under
// many readers every connection of one pool is busy with reads and the others queue for one; a post
// or a favourite toggle would queue with them (first come, first served) and wait for reads it has
// nothing to do with. Here:
//   - a lone SELECT (outside a transaction) takes a connection of the read pool for that query;
//   - any other statement (INSERT, UPDATE, DELETE, DDL, a lock) and any transaction take one of the
//     write pool, and keep it until Kysely gives the connection back: a transaction from BEGIN to
//     its end, and a connection held with db.connection() from its first such statement on (the
//     migrator takes a session lock there, then runs a transaction and unlocks on that same one);
//   - a request that writes (lib/request-scope.ts) reads through the write pool too: its few reads
//     (the post it made, a favourite's count) would otherwise queue behind the lists' reads.
// Both pools reach the same database, and a statement outside a transaction commits before its
// answer arrives, so a read that starts after a write has answered sees it.
import type pg from 'pg';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresDriver,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { OwnSchemaIntrospector } from './pg-introspector.js';
import { inWriteRequest } from '../lib/request-scope.js';

/** A connection of one of the pools, as PostgresDriver hands it out and takes it back. */
type PooledConnection = Parameters<PostgresDriver['releaseConnection']>[0];

/** A lone SELECT (a builder's select, or raw SQL that starts with SELECT): the read pool runs it. */
export function isLoneRead(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return true;
  return (
    query.query.kind === 'RawNode' &&
    /^\s*select\b/i.test(query.sql) &&
    // A locking read, a lock or a session setting belongs to its connection.
    !/\bfor\s+(update|share|no key update|key share)\b/i.test(query.sql) &&
    !/\b(pg_advisory\w*|set_config)\s*\(/i.test(query.sql)
  );
}

/** Lone reads take a read connection per statement; anything else pins a write connection until release. */
class RoutingConnection implements DatabaseConnection {
  /** The write pool's connection, once a write, a lock or a transaction has taken it, until released. */
  pinned: DatabaseConnection | null = null;
  #pinning: Promise<DatabaseConnection> | null = null;
  constructor(
    private readonly reads: PostgresDriver,
    private readonly writes: PostgresDriver,
  ) {}

  /** The write pool's connection this one keeps from now on. */
  pin(): Promise<DatabaseConnection> {
    // One acquisition even when several statements ask at once.
    this.#pinning ??= this.writes.acquireConnection().then((c) => (this.pinned = c));
    return this.#pinning;
  }

  /** Forget the pinned connection (its release is the driver's). */
  unpin(): DatabaseConnection | null {
    const pinned = this.pinned;
    this.pinned = null;
    this.#pinning = null;
    return pinned;
  }

  /** Whether `query` runs on the write pool's connection: a write, a transaction, or a read of a write. */
  #onWritePool(query: CompiledQuery): boolean {
    return this.pinned !== null || !isLoneRead(query) || inWriteRequest();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#onWritePool(query)) return (await this.pin()).executeQuery<R>(query);
    const connection = await this.reads.acquireConnection();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      await this.reads.releaseConnection(connection as PooledConnection);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.#onWritePool(query)) {
      yield* (await this.pin()).streamQuery<R>(query, chunkSize);
      return;
    }
    const connection = await this.reads.acquireConnection();
    try {
      yield* connection.streamQuery<R>(query, chunkSize);
    } finally {
      await this.reads.releaseConnection(connection as PooledConnection);
    }
  }
}

class RoutingDriver implements Driver {
  readonly #reads: PostgresDriver;
  readonly #writes: PostgresDriver;
  constructor(readPool: pg.Pool, writePool: pg.Pool) {
    this.#reads = new PostgresDriver({ pool: readPool });
    this.#writes = new PostgresDriver({ pool: writePool });
  }
  async init(): Promise<void> {
    await Promise.all([this.#reads.init(), this.#writes.init()]);
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection(this.#reads, this.#writes);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#writes.beginTransaction(await (connection as RoutingConnection).pin(), settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#writes.commitTransaction(this.#held(connection));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#writes.rollbackTransaction(this.#held(connection));
  }
  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.#writes.savepoint(this.#held(connection), name, compileQuery);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.#writes.rollbackToSavepoint(this.#held(connection), name, compileQuery);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.#writes.releaseSavepoint(this.#held(connection), name, compileQuery);
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const pinned = (connection as RoutingConnection).unpin();
    if (pinned) await this.#writes.releaseConnection(pinned as PooledConnection);
  }
  async destroy(): Promise<void> {
    await Promise.all([this.#reads.destroy(), this.#writes.destroy()]);
  }
  #held(connection: DatabaseConnection): DatabaseConnection {
    const pinned = (connection as RoutingConnection).pinned;
    if (!pinned) throw new Error('No transaction is open on this connection');
    return pinned;
  }
}

/** PostgreSQL with lone reads on `readPool` and everything else on `writePool`. */
export function routedPostgresDialect(readPool: pg.Pool, writePool: pg.Pool): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new RoutingDriver(readPool, writePool),
    // The migrator's questions, asked of this schema only (db/pg-introspector.ts).
    createIntrospector: (db) => new OwnSchemaIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
