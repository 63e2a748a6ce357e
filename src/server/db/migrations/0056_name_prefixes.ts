// SQLite: accounts and groups counted by the first two characters of the name their lists sort by,
// as the order folds it (lower(last_name), the first key of users_by_name; lower(name), of
// forum_groups_by_name: 0016), kept by triggers in the same transaction as each write (as the
// library's months, 0053). A page of either list at an offset was found by stepping over every
// entry of its index before it (or after it, read from the nearer end): about 4 ms for a page in
// the middle of 100 000. With the counts, a page starts at the first row of the prefix that holds
// its first row and steps over that prefix's rows only (lib/name-prefixes.ts). SQLite compares text
// byte by byte, so the names of one prefix are together in the order: each sorts at or after the
// prefix and before the next one.
// PostgreSQL walks its name keys without reading a row (0051), but orders them by its collation,
// under which one prefix's names need not be together: nothing here.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

const LISTS = [
  { table: 'user_name_prefixes', on: 'users', column: 'last_name' },
  { table: 'group_name_prefixes', on: 'forum_groups', column: 'name' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, on, column } of LISTS) {
    const prefix = (row: string) => `substr(lower(${row}.${column}), 1, 2)`;
    await sql.raw(`CREATE TABLE ${table} (prefix text PRIMARY KEY, n integer NOT NULL)`).execute(db);
    await sql.raw(`INSERT INTO ${table} (prefix, n) SELECT ${prefix('r')}, count(*) FROM ${on} r GROUP BY 1`).execute(db);
    /** Adds `delta` to the prefix of `row`. (SQLite's upsert needs a WHERE on its SELECT to tell its ON CONFLICT from a join's ON.) */
    const add = (row: string, delta: 1 | -1) =>
      `INSERT INTO ${table} (prefix, n) SELECT ${prefix(row)}, ${delta} WHERE true ON CONFLICT (prefix) DO UPDATE SET n = ${table}.n + (${delta});`;
    await sql.raw(`CREATE TRIGGER ${table}_insert AFTER INSERT ON ${on} BEGIN ${add('NEW', 1)} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_delete AFTER DELETE ON ${on} BEGIN ${add('OLD', -1)} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_update AFTER UPDATE OF ${column} ON ${on} BEGIN ${add('OLD', -1)} ${add('NEW', 1)} END`).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
