// The SQL of every statement a database runs while a piece of a test runs: for tests that pin how
// many reads a page makes (every query goes through the executor's executeQuery).
import type { CompiledQuery, QueryId } from 'kysely';
import type { DB } from '../../src/server/db/connection.js';

/** The SQL of every statement `db` runs while `fn` runs, in order. */
export function statementsOf(db: DB, fn: () => Promise<unknown>): Promise<string[]> {
  return eachStatement(db, fn, (sql) => sql);
}

/** What `see` makes of every statement `db` runs while `fn` runs (called as each starts), in order. */
export async function eachStatement<T>(db: DB, fn: () => Promise<unknown>, see: (sql: string) => T): Promise<T[]> {
  const statements: T[] = [];
  const proto = Object.getPrototypeOf(db.getExecutor()) as { executeQuery(q: CompiledQuery, id: QueryId): Promise<unknown> };
  const execute = proto.executeQuery;
  proto.executeQuery = function (this: unknown, q: CompiledQuery, id: QueryId) {
    statements.push(see(q.sql));
    return execute.call(this, q, id);
  };
  try {
    await fn();
  } finally {
    proto.executeQuery = execute;
  }
  return statements;
}
