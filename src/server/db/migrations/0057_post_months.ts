// Listed posts counted by where they are listed (their group, 0 for the public feed) and the month
// they were written in, kept by triggers in the same transaction as each write (as the library's
// months, 0053). A page of a feed or of a group's posts at an offset was found by stepping over
// every entry of its index before it (or after it, read from the nearer end): about half the index
// for a page in the middle of 100 000 posts (3.5 ms on SQLite). With these counts, the page starts
// at the month that holds its first row and steps over that month's posts only
// (features/posts/repository.ts, feedPage). A reader's feed adds up the months of the public feed
// and of each of the reader's groups.
//   - listed: approved and not deleted, as the feeds list (and their stored totals count);
//   - the month: the first 7 characters of created_at (ISO text, 'YYYY-MM').
import type { Kysely } from 'kysely';
import { isPostgres, pgCountsTrigger, sql } from './helpers.js';

const listed = (row: string) => `${row}.status = 1 AND ${row}.deleted_at IS NULL`;
const listing = (row: string) => `coalesce(${row}.group_id, 0)`;
const month = (row: string) => `substr(${row}.created_at, 1, 7)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE post_months (listing integer NOT NULL, month text NOT NULL, n integer NOT NULL, PRIMARY KEY (listing, month))`.execute(db);
  await refillPostMonths(db);
  if (isPostgres(db)) {
    await pgCountsTrigger(db, {
      name: 'post_months_count', on: 'posts', events: 'INSERT OR DELETE OR UPDATE OF status, deleted_at, group_id, created_at',
      table: 'post_months', keys: ['listing', 'month'], changes: (row, d) => `SELECT ${listing(row)} AS listing, ${month(row)} AS month, ${d} AS d WHERE ${listed(row)}`,
    });
    return;
  }
  /** Statements that add `delta` to the listing and month of `row` when `row` is listed. (SQLite's
   * upsert needs a WHERE on its SELECT to tell its ON CONFLICT from a join's ON.) */
  const add = (row: string, delta: 1 | -1) =>
    `INSERT INTO post_months (listing, month, n) SELECT ${listing(row)}, ${month(row)}, ${delta} WHERE ${listed(row)}
      ON CONFLICT (listing, month) DO UPDATE SET n = post_months.n + (${delta});`;
  await sql.raw(`CREATE TRIGGER post_months_insert AFTER INSERT ON posts BEGIN ${add('NEW', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER post_months_delete AFTER DELETE ON posts BEGIN ${add('OLD', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER post_months_update AFTER UPDATE OF status, deleted_at, group_id, created_at ON posts BEGIN
    ${add('OLD', -1)} ${add('NEW', 1)} END`).execute(db);
}

/** Every listing's months again from the posts (rows loaded with the triggers off: the bench's copy). */
export async function refillPostMonths(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM post_months`.execute(db);
  await sql.raw(`INSERT INTO post_months (listing, month, n) SELECT ${listing('p')}, ${month('p')}, count(*) FROM posts p WHERE ${listed('p')} GROUP BY 1, 2`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
