// Stored totals of the longest lists, kept by triggers in the same transaction as each write, so a
// page of the whole library, the public feed or a group's posts never counts its rows (a count of
// 100 000 rows costs several milliseconds on every request the cache does not answer).
//   - 'library': public, processed scenarios (the scenario library without filters);
//   - 'feed': approved, live posts of no group (the public feed without tags);
//   - 'group:<id>': approved, live posts of group <id> (a group's posts; a member's feed adds those
//     of their groups);
//   - 'users' and 'groups': every account (the admin user list) and every group (the directory):
//     PostgreSQL counts a whole table by reading it.
// Filtered lists (tags, age, condition, words) still count through their indexes.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('list_totals')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await recountListTotals(db);

  if (isPostgres(db)) {
    // Once per statement, from its transition tables: a bulk insert adds its rows in one update of
    // each total, where a trigger per row would update the same row once per inserted row.
    const totalsFunction = (fn: string, key: string, counted: string) =>
      sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO list_totals (name, n) SELECT ${key}, count(*) FROM new_rows r WHERE ${counted} GROUP BY 1
            ON CONFLICT (name) DO UPDATE SET n = list_totals.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO list_totals (name, n) SELECT ${key}, -count(*) FROM old_rows r WHERE ${counted} GROUP BY 1
            ON CONFLICT (name) DO UPDATE SET n = list_totals.n + EXCLUDED.n;
        ELSE
          INSERT INTO list_totals (name, n)
            SELECT name, sum(d) FROM (
              SELECT ${key} AS name, -1 AS d FROM old_rows r WHERE ${counted}
              UNION ALL SELECT ${key}, 1 FROM new_rows r WHERE ${counted}) changes
            GROUP BY name HAVING sum(d) <> 0
            ON CONFLICT (name) DO UPDATE SET n = list_totals.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    const triggers = async (table: string, fn: string) => {
      await sql.raw(`CREATE TRIGGER ${table}_list_totals_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_list_totals_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_list_totals_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`).execute(db);
    };
    await totalsFunction('scenarios_list_totals', `'library'`, 'r.privacy_level = 2 AND r.is_processed = 1').execute(db);
    await triggers('scenarios', 'scenarios_list_totals');
    await totalsFunction('users_list_totals', `'users'`, 'true').execute(db);
    await triggers('users', 'users_list_totals');
    await totalsFunction('forum_groups_list_totals', `'groups'`, 'true').execute(db);
    await triggers('forum_groups', 'forum_groups_list_totals');
    await totalsFunction('posts_list_totals', `CASE WHEN r.group_id IS NULL THEN 'feed' ELSE 'group:' || r.group_id END`, 'r.status = 1 AND r.deleted_at IS NULL').execute(db);
    await triggers('posts', 'posts_list_totals');
    return;
  }

  const library = (row: 'NEW' | 'OLD') => sql.raw(`${row}.privacy_level = 2 AND ${row}.is_processed = 1`);
  await sql`CREATE TRIGGER scenarios_list_totals_insert AFTER INSERT ON scenarios WHEN ${library('NEW')} BEGIN
    UPDATE list_totals SET n = n + 1 WHERE name = 'library'; END`.execute(db);
  await sql`CREATE TRIGGER scenarios_list_totals_delete AFTER DELETE ON scenarios WHEN ${library('OLD')} BEGIN
    UPDATE list_totals SET n = n - 1 WHERE name = 'library'; END`.execute(db);
  await sql`CREATE TRIGGER scenarios_list_totals_update AFTER UPDATE OF privacy_level, is_processed ON scenarios BEGIN
    UPDATE list_totals SET n = n - (${library('OLD')}) + (${library('NEW')}) WHERE name = 'library'; END`.execute(db);

  for (const [table, total] of [['users', 'users'], ['forum_groups', 'groups']]) {
    await sql.raw(`CREATE TRIGGER ${table}_list_totals_insert AFTER INSERT ON ${table} BEGIN
      UPDATE list_totals SET n = n + 1 WHERE name = '${total}'; END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_list_totals_delete AFTER DELETE ON ${table} BEGIN
      UPDATE list_totals SET n = n - 1 WHERE name = '${total}'; END`).execute(db);
  }

  const live = (row: 'NEW' | 'OLD') => sql.raw(`${row}.status = 1 AND ${row}.deleted_at IS NULL`);
  const name = (row: 'NEW' | 'OLD') => sql.raw(`CASE WHEN ${row}.group_id IS NULL THEN 'feed' ELSE 'group:' || ${row}.group_id END`);
  const add = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    sql`INSERT INTO list_totals (name, n) SELECT ${name(row)}, ${sql.raw(String(delta))} WHERE ${live(row)}
      ON CONFLICT (name) DO UPDATE SET n = n + ${sql.raw(String(delta))}`;
  await sql`CREATE TRIGGER posts_list_totals_insert AFTER INSERT ON posts BEGIN ${add('NEW', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER posts_list_totals_delete AFTER DELETE ON posts BEGIN ${add('OLD', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER posts_list_totals_update AFTER UPDATE OF status, deleted_at, group_id ON posts BEGIN
    ${add('OLD', -1)}; ${add('NEW', 1)}; END`.execute(db);
}

/** Counts every stored total afresh from the rows (at creation, and after a bulk load with triggers off). */
export async function recountListTotals(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM list_totals`.execute(db);
  await sql`INSERT INTO list_totals (name, n) SELECT 'library', count(*) FROM scenarios WHERE privacy_level = 2 AND is_processed = 1`.execute(db);
  await sql`INSERT INTO list_totals (name, n) SELECT 'feed', count(*) FROM posts WHERE group_id IS NULL AND status = 1 AND deleted_at IS NULL`.execute(db);
  await sql`INSERT INTO list_totals (name, n) SELECT 'users', count(*) FROM users`.execute(db);
  await sql`INSERT INTO list_totals (name, n) SELECT 'groups', count(*) FROM forum_groups`.execute(db);
  await sql`INSERT INTO list_totals (name, n) SELECT 'group:' || group_id, count(*) FROM posts
    WHERE group_id IS NOT NULL AND status = 1 AND deleted_at IS NULL GROUP BY group_id`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
