// PostgreSQL: the search documents of groups and users are stored, as posts' are (posts_search,
// migration 0014), instead of indexed as expressions. A match through an expression index is
// checked again on each candidate row by computing the expression, so a word found in 10 % of
// 100 000 groups computed 10 000 documents (and again to rank names first): seconds. A stored
// document is read, not computed. Kept by triggers; SQLite has its FTS5 tables and needs nothing.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await storedDocuments(db, { table: 'group_search_documents', key: 'group_id', of: 'forum_groups', document: 'group_search_document(%.name, %.description)', columns: 'name, description' });
  await storedDocuments(db, {
    table: 'user_search_documents',
    key: 'user_id',
    of: 'users',
    document: 'user_search_document(%.first_name, %.last_name, %.username, %.email)',
    columns: 'first_name, last_name, username, email',
  });
}

/**
 * `table` holds the document of each row of `of` (`document`, with % for the row), kept by triggers
 * on insert and on updates of `columns`, and a GIN index on it; filled for the rows there already.
 */
async function storedDocuments(db: Kysely<unknown>, t: { table: string; key: string; of: string; document: string; columns: string }): Promise<void> {
  const doc = (row: string) => t.document.replaceAll('%', row);
  await sql.raw(`CREATE TABLE ${t.table} (
    ${t.key} integer PRIMARY KEY REFERENCES ${t.of}(id) ON DELETE CASCADE,
    document tsvector NOT NULL)`).execute(db);
  await sql.raw(`CREATE INDEX ${t.table}_gin ON ${t.table} USING gin (document)`).execute(db);
  await sql.raw(`CREATE FUNCTION ${t.table}_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${t.table} (${t.key}, document) VALUES (NEW.id, ${doc('NEW')})
        ON CONFLICT (${t.key}) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${t.table}_ai AFTER INSERT ON ${t.of} FOR EACH ROW EXECUTE FUNCTION ${t.table}_refresh()`).execute(db);
  await sql.raw(`CREATE TRIGGER ${t.table}_au AFTER UPDATE OF ${t.columns} ON ${t.of} FOR EACH ROW EXECUTE FUNCTION ${t.table}_refresh()`).execute(db);
  await sql.raw(`INSERT INTO ${t.table} (${t.key}, document) SELECT id, ${doc(t.of)} FROM ${t.of}`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
