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

/**
 * PostgreSQL: the body of a row trigger that keeps counts (column n) in `table`, keyed by `keys`.
 * `changes(row, d)` selects the keys a row counts under, with d (NEW: 1, OLD: -1). A change is one
 * statement, its rows in key order, so two writers lock the rows they share in the same order and
 * never wait on each other in a cycle; an update adds the new row's and takes the old row's in the
 * same statement (nothing, when `unchanged` holds).
 */
export function pgCountsTriggerBody(table: string, keys: string[], changes: (row: 'OLD' | 'NEW', d: 1 | -1) => string, unchanged = 'false'): string {
  const k = keys.join(', ');
  const apply = (parts: string) => `INSERT INTO ${table} (${k}, n)
      SELECT ${k}, sum(d) FROM (${parts}) changes GROUP BY ${k} HAVING sum(d) <> 0 ORDER BY ${k}
      ON CONFLICT (${k}) DO UPDATE SET n = ${table}.n + EXCLUDED.n;`;
  return `BEGIN
      IF TG_OP = 'INSERT' THEN ${apply(changes('NEW', 1))}
      ELSIF TG_OP = 'DELETE' THEN ${apply(changes('OLD', -1))}
      ELSIF NOT (${unchanged}) THEN ${apply(`${changes('OLD', -1)} UNION ALL ${changes('NEW', 1)}`)}
      END IF;
      RETURN NULL;
    END`;
}

/**
 * PostgreSQL: the row trigger `name` (and its function) on `on` for `events` ('INSERT OR DELETE OR
 * UPDATE OF ...') that keeps the counts of `table` (pgCountsTriggerBody).
 */
export async function pgCountsTrigger(
  db: Kysely<unknown>,
  t: { name: string; on: string; events: string; table: string; keys: string[]; changes: (row: 'OLD' | 'NEW', d: 1 | -1) => string; unchanged?: string },
): Promise<void> {
  await sql.raw(`CREATE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$ ${pgCountsTriggerBody(t.table, t.keys, t.changes, t.unchanged)} $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${t.name} AFTER ${t.events} ON ${t.on} FOR EACH ROW EXECUTE FUNCTION ${t.name}()`).execute(db);
}
