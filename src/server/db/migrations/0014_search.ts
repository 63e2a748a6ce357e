// Site search, analytics and the audit log.
//
// Full-text search over posts (title, text), users (names, username, e-mail) and forum groups (name,
// description). Every word of a term matches as a prefix and accents are ignored. The indexes follow
// every write through triggers, so the features that write these tables need no change:
//   - SQLite: FTS5 external-content tables with the unicode61 tokenizer, which folds case and
//     accents ('remove_diacritics 2'); a prefix index for 2 and 3 letters keeps short words fast.
//   - PostgreSQL: the `unaccent` extension may be missing or need a superuser, so accents are folded
//     in SQL by the same rule as src/shared/search.ts (canonical decomposition, diacritics dropped,
//     lower case; see foldSql), which also turns the punctuation that the
//     default parser would glue into e-mail, host, file and hyphenated tokens into spaces, so words
//     split as they do in FTS5 and in the client. Posts keep a weighted tsvector (title A, text B)
//     in posts_search, written by a trigger; users and groups are few and use expression indexes.
//
// Analytics: user_active_months holds (user, month) for every month a user signed in or contributed
// (a session, a post, a scenario or a media item was created), written by triggers and backfilled.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';
import { DIACRITIC_RANGES } from '../../../shared/search.js';

/** Characters that separate words in search but that PostgreSQL's parser would join into one token. */
const GLUE = "@._-/:+'’~";

/**
 * The folding of src/shared/search.ts foldAccents in SQL, then glue characters to spaces. Only
 * IMMUTABLE built-ins (normalize needs a UTF8 database), so index rebuilds work under any
 * search_path. (A translate() table of every accented letter was ten times slower to index.)
 */
export function foldSql(x: string): string {
  const glue = `'${GLUE.replace(/'/g, "''")}'`;
  return `lower(translate(normalize(regexp_replace(normalize(${x}, NFD), '[${DIACRITIC_RANGES}]', '', 'g'), NFC), ${glue}, '${' '.repeat(GLUE.length)}'))`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await postgresSearch(db);
  else await sqliteSearch(db);

  // Analytics: one row per user and month with activity.
  await db.schema
    .createTable('user_active_months')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_active_months_pk', ['user_id', 'month'])
    .execute();
  await db.schema.createIndex('user_active_months_month').on('user_active_months').columns(['month', 'user_id']).execute();
  const sources = [
    { table: 'sessions', user: 'user_id', at: 'created_at' },
    { table: 'posts', user: 'creator_id', at: 'created_at' },
    { table: 'scenarios', user: 'contributed_by', at: 'contributed_at' },
    { table: 'media', user: 'contributed_by', at: 'contributed_at' },
  ];
  const ignore = isPostgres(db) ? sql.raw('') : sql.raw('OR IGNORE');
  const onConflict = isPostgres(db) ? sql.raw('ON CONFLICT DO NOTHING') : sql.raw('');
  for (const s of sources) {
    await sql`INSERT ${ignore} INTO user_active_months (user_id, month)
      SELECT DISTINCT ${sql.ref(s.user)}, substr(${sql.ref(s.at)}, 1, 7) FROM ${sql.table(s.table)} ${onConflict}`.execute(db);
  }
  await sql`INSERT ${ignore} INTO user_active_months (user_id, month)
    SELECT id, substr(last_login, 1, 7) FROM users WHERE last_login IS NOT NULL ${onConflict}`.execute(db);
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION record_active_month() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE uid integer; at text;
      BEGIN
        IF TG_TABLE_NAME = 'sessions' THEN uid := NEW.user_id; at := NEW.created_at;
        ELSIF TG_TABLE_NAME = 'posts' THEN uid := NEW.creator_id; at := NEW.created_at;
        ELSE uid := NEW.contributed_by; at := NEW.contributed_at;
        END IF;
        INSERT INTO user_active_months (user_id, month) VALUES (uid, substr(at, 1, 7)) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    for (const s of sources) {
      await sql`CREATE TRIGGER ${sql.raw(`${s.table}_active_month`)} AFTER INSERT ON ${sql.table(s.table)}
        FOR EACH ROW EXECUTE FUNCTION record_active_month()`.execute(db);
    }
  } else {
    for (const s of sources) {
      await sql`CREATE TRIGGER ${sql.raw(`${s.table}_active_month`)} AFTER INSERT ON ${sql.table(s.table)} BEGIN
        INSERT OR IGNORE INTO user_active_months (user_id, month) VALUES (new.${sql.raw(s.user)}, substr(new.${sql.raw(s.at)}, 1, 7)); END`.execute(db);
    }
  }
  // Search counts every match the caller may see: this index answers the visibility check of each
  // match without reading the post's row (its title and text).
  await db.schema.createIndex('posts_visibility').on('posts').columns(['id', 'status', 'group_id', 'deleted_at']).execute();
  // Monthly counts read a year of rows by date.
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema.createIndex('posts_created_at').on('posts').columns(['created_at', 'group_id']).execute();

  // The audit log: newest first, by action or by actor.
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'created_at']).execute();
}

async function sqliteSearch(db: Kysely<unknown>) {
  const tables = [
    { fts: 'posts_fts', content: 'posts', columns: ['title', 'text'] },
    { fts: 'users_fts', content: 'users', columns: ['first_name', 'last_name', 'username', 'email'] },
    { fts: 'forum_groups_fts', content: 'forum_groups', columns: ['name', 'description'] },
  ];
  for (const t of tables) {
    const cols = t.columns.join(', ');
    const newCols = t.columns.map((c) => `new.${c}`).join(', ');
    const oldCols = t.columns.map((c) => `old.${c}`).join(', ');
    await sql`CREATE VIRTUAL TABLE ${sql.raw(t.fts)} USING fts5(${sql.raw(cols)}, content='${sql.raw(t.content)}', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    await sql.raw(`CREATE TRIGGER ${t.fts}_ai AFTER INSERT ON ${t.content} BEGIN
      INSERT INTO ${t.fts}(rowid, ${cols}) VALUES (new.id, ${newCols}); END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${t.fts}_ad AFTER DELETE ON ${t.content} BEGIN
      INSERT INTO ${t.fts}(${t.fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols}); END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${t.fts}_au AFTER UPDATE OF ${cols} ON ${t.content} BEGIN
      INSERT INTO ${t.fts}(${t.fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols});
      INSERT INTO ${t.fts}(rowid, ${cols}) VALUES (new.id, ${newCols}); END`).execute(db);
    await sql.raw(`INSERT INTO ${t.fts}(${t.fts}) VALUES ('rebuild')`).execute(db);
  }
}

async function postgresSearch(db: Kysely<unknown>) {
  const fold = foldSql;
  await sql.raw(`CREATE FUNCTION post_search_document(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT setweight(to_tsvector('simple', ${fold("coalesce(title, '')")}), 'A')
              || setweight(to_tsvector('simple', ${fold("coalesce(body, '')")}), 'B') $$`).execute(db);
  await sql.raw(`CREATE FUNCTION user_search_document(first_name text, last_name text, username text, email text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT to_tsvector('simple', ${fold("concat_ws(' ', first_name, last_name, username, email)")}) $$`).execute(db);
  await sql.raw(`CREATE FUNCTION group_search_document(name text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT setweight(to_tsvector('simple', ${fold("coalesce(name, '')")}), 'A')
              || setweight(to_tsvector('simple', ${fold("coalesce(description, '')")}), 'B') $$`).execute(db);

  await sql`CREATE TABLE posts_search (
    post_id integer PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
    document tsvector NOT NULL)`.execute(db);
  await sql`CREATE INDEX posts_search_document ON posts_search USING gin (document)`.execute(db);
  await sql`CREATE FUNCTION posts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO posts_search (post_id, document) VALUES (NEW.id, post_search_document(NEW.title, NEW.text))
        ON CONFLICT (post_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER posts_search_ai AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION posts_search_refresh()`.execute(db);
  await sql`CREATE TRIGGER posts_search_au AFTER UPDATE OF title, text ON posts FOR EACH ROW EXECUTE FUNCTION posts_search_refresh()`.execute(db);
  await sql`INSERT INTO posts_search (post_id, document) SELECT id, post_search_document(title, text) FROM posts`.execute(db);

  await sql`CREATE INDEX users_search ON users USING gin (user_search_document(first_name, last_name, username, email))`.execute(db);
  await sql`CREATE INDEX forum_groups_search ON forum_groups USING gin (group_search_document(name, description))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
