// The library's scenarios counted by the month they were contributed in, kept by triggers in the
// same transaction as each write (like the stored totals of 0023). A page of the whole library at
// an offset was found by stepping over every entry of its index before it: about half the index
// for a page in the middle of 100 000 scenarios (several milliseconds). With the months' counts, the
// page starts at the month that holds its first row and steps over at most that month's
// scenarios (features/scenarios/repository.ts, libraryPageIds).
//   - 'listed': public and processed, as the library lists (and its stored total counts);
//   - the month: the first 7 characters of contributed_at (ISO text, 'YYYY-MM').
import type { Kysely } from 'kysely';
import { isPostgres, pgCountsTrigger, sql } from './helpers.js';

const listed = (row: string) => `${row}.privacy_level = 2 AND ${row}.is_processed = 1`;
const month = (row: string) => `substr(${row}.contributed_at, 1, 7)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE library_months (month text PRIMARY KEY, n integer NOT NULL)`.execute(db);
  await refillLibraryMonths(db);
  if (isPostgres(db)) {
    await pgCountsTrigger(db, {
      name: 'library_months_count', on: 'scenarios', events: 'INSERT OR DELETE OR UPDATE OF privacy_level, is_processed, contributed_at',
      table: 'library_months', keys: ['month'], changes: (row, d) => `SELECT ${month(row)} AS month, ${d} AS d WHERE ${listed(row)}`,
    });
    return;
  }
  /** Statements that add `delta` to the month of `row` when `row` is listed. (SQLite's upsert needs
   * a WHERE on its SELECT to tell its ON CONFLICT from a join's ON.) */
  const add = (row: string, delta: 1 | -1) =>
    `INSERT INTO library_months (month, n) SELECT ${month(row)}, ${delta} WHERE ${listed(row)}
      ON CONFLICT (month) DO UPDATE SET n = library_months.n + (${delta});`;
  await sql.raw(`CREATE TRIGGER library_months_insert AFTER INSERT ON scenarios BEGIN ${add('NEW', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER library_months_delete AFTER DELETE ON scenarios BEGIN ${add('OLD', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER library_months_update AFTER UPDATE OF privacy_level, is_processed, contributed_at ON scenarios BEGIN
    ${add('OLD', -1)} ${add('NEW', 1)} END`).execute(db);
}

/** Every month's count again from the scenarios (rows loaded with the triggers off: the bench's copy). */
export async function refillLibraryMonths(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM library_months`.execute(db);
  await sql.raw(`INSERT INTO library_months (month, n) SELECT ${month('s')}, count(*) FROM scenarios s WHERE ${listed('s')} GROUP BY 1`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
