// List versions and the indexes of the long lists (issue: every list fast at 100 000 rows).
//
// list_versions holds one counter per table that the paged lists count or show: it goes up with every write
// to that table, in the same transaction, through triggers (so no write path can forget it, raw
// imports included). A list total cached in a process is kept under the versions it was counted at
// (src/server/lib/list-cache.ts); any process's write changes the version every process reads next,
// so a total is never served after the write that changed it has committed.
//   - SQLite: one writer at a time; an AFTER trigger per row bumps the counter.
//   - PostgreSQL: a deferred constraint trigger bumps the counter once per transaction, at commit, so
//     the counter's row is locked only while the writing transaction commits (writers of one table
//     do not queue behind each other's whole transactions).
//
// Indexes: the admin user list and the groups directory are ordered by lower-cased names; pages
// are read from these indexes instead of sorting every row.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

/** Tables whose writes change a list total or a cached page (src/server/lib/list-cache.ts VersionedTable). */
export const VERSIONED_TABLES = [
  'scenarios', 'scenario_tags', 'scenario_favourites', 'directories', 'tags', 'posts', 'post_tags', 'post_scenarios', 'post_media', 'media',
  'group_members', 'forum_groups', 'users',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const name of VERSIONED_TABLES) await sql`INSERT INTO list_versions (name, version) VALUES (${name}, 0)`.execute(db);

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Once per transaction and table: the flag lives until the transaction ends.
        IF current_setting('list_versions.bumped_' || TG_ARGV[0], true) IS DISTINCT FROM 'yes' THEN
          UPDATE list_versions SET version = version + 1 WHERE name = TG_ARGV[0];
          PERFORM set_config('list_versions.bumped_' || TG_ARGV[0], 'yes', true);
        END IF;
        RETURN NULL;
      END $$`.execute(db);
  }
  for (const table of VERSIONED_TABLES) await addVersionTriggers(db, table);

  await db.schema.createIndex('users_by_name').on('users').expression(sql`lower(last_name), lower(first_name), id`).execute();
  await db.schema.createIndex('forum_groups_by_name').on('forum_groups').expression(sql`lower(name), id`).execute();
}

/**
 * The triggers that raise `table`'s version with every write to it (its list_versions row must
 * exist; on PostgreSQL, bump_list_version() too).
 */
export async function addVersionTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_list_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version(${sql.lit(table)})`.execute(db);
    return;
  }
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_list_version_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN
      UPDATE list_versions SET version = version + 1 WHERE name = ${sql.lit(table)}; END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
