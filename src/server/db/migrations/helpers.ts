import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';

/** Auto-increment integer primary key on either dialect. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function isPostgres(db: Kysely<unknown>): boolean {
  // The adapter class name tells the dialect without threading config through every migration.
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export { sql };
