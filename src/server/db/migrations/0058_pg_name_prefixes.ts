// PostgreSQL: accounts and groups counted by the first two characters of their folded name, as on
// SQLite (0056), kept by triggers in the same transaction as each write. A page deep in the user
// list or the groups directory walked its name keys' index (0051) over every entry before it: about
// 4 ms in the middle of 100 000. With the counts, it starts at the first row of the prefix that
// holds its first row (lib/name-prefixes.ts). That needs a prefix's names to sit together in the
// list's order, which holds where the database orders text by code point (the C and C.UTF-8
// collations); under a language's collation (en_US, ICU) spaces and punctuation are passed over at
// first and they need not, so there the counts are kept but not used.
import type { Kysely } from 'kysely';
import { isPostgres, pgCountsTrigger, sql } from './helpers.js';

const LISTS = [
  { table: 'user_name_prefixes', on: 'users', column: 'last_name' },
  { table: 'group_name_prefixes', on: 'forum_groups', column: 'name' },
];
const prefix = (row: string, column: string) => `substr(lower(${row}.${column}), 1, 2)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, on, column } of LISTS) {
    await sql.raw(`CREATE TABLE ${table} (prefix text PRIMARY KEY, n integer NOT NULL)`).execute(db);
    await pgCountsTrigger(db, {
      name: `${table}_count`, on, events: `INSERT OR DELETE OR UPDATE OF ${column}`, table, keys: ['prefix'],
      changes: (row, d) => `SELECT ${prefix(row, column)} AS prefix, ${d} AS d`,
      unchanged: `${prefix('OLD', column)} = ${prefix('NEW', column)}`,
    });
  }
  await refillPostgresNamePrefixes(db);
}

/** Every prefix's count again from the rows (rows loaded with the triggers off: the bench's copy). */
export async function refillPostgresNamePrefixes(db: Kysely<unknown>): Promise<void> {
  for (const { table, on, column } of LISTS) {
    await sql.raw(`DELETE FROM ${table}`).execute(db);
    await sql.raw(`INSERT INTO ${table} (prefix, n) SELECT ${prefix('r', column)}, count(*) FROM ${on} r GROUP BY 1`).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
