// Bookkeeping writes no longer change what lists and sessions are cached under (list_versions,
// migrations 0016 and 0017):
//   - users: a sign-in writes users.last_login; a change of that column alone no longer raises the
//     users version, so a sign-in does not empty every process's session cache and every cached
//     page that shows a user. Any other column's change still does.
//   - sessions: a new session (a sign-in) no longer raises the sessions version: no process holds
//     a session it has never seen. Ending or changing one (sign-out, expiry, a password change)
//     still does.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

/** Columns of users whose changes do not change any list or session (bookkeeping). */
export const USERS_BOOKKEEPING_COLUMNS = ['last_login'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER sessions_list_version ON sessions`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER sessions_list_version AFTER UPDATE OR DELETE ON sessions
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('sessions')`.execute(db);
    await sql`DROP TRIGGER users_list_version ON users`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER users_list_version AFTER INSERT OR DELETE ON users
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('users')`.execute(db);
    // Every column but the bookkeeping ones, whatever columns later migrations add.
    const ignored = sql.join(USERS_BOOKKEEPING_COLUMNS.map((c) => sql.lit(c)), sql` - `);
    await sql`CREATE CONSTRAINT TRIGGER users_list_version_update AFTER UPDATE ON users
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN ((to_jsonb(OLD) - ${ignored}) IS DISTINCT FROM (to_jsonb(NEW) - ${ignored}))
      EXECUTE FUNCTION bump_list_version('users')`.execute(db);
    return;
  }
  await sql`DROP TRIGGER sessions_list_version_insert`.execute(db);
  await recreateUsersUpdateTrigger(db);
}

/**
 * SQLite names the columns it compares: a migration that adds a column to users calls this again,
 * so a change of the new column raises the version too (tests/server/lists.test.ts checks it).
 */
export async function recreateUsersUpdateTrigger(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info('users')`.execute(db);
  const changed = rows
    .map((r) => r.name)
    .filter((c) => !USERS_BOOKKEEPING_COLUMNS.includes(c))
    .map((c) => `NEW."${c}" IS NOT OLD."${c}"`)
    .join(' OR ');
  await sql`DROP TRIGGER IF EXISTS users_list_version_update`.execute(db);
  await sql`CREATE TRIGGER users_list_version_update AFTER UPDATE ON users WHEN ${sql.raw(changed)} BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'users'; END`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
