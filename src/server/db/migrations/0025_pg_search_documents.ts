// PostgreSQL: the search documents of groups and users are stored, as posts' are (posts_search,
// migration 0014), instead of indexed as expressions. A match through an expression index is
// checked again on each candidate row by computing the expression, so a word found in 10 % of
// 100 000 groups computed 10 000 documents (and again to rank names first): seconds. A stored
// document is read, not computed. Kept by triggers; SQLite has its FTS5 tables and needs nothing.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE TABLE group_search_documents (
    group_id integer PRIMARY KEY REFERENCES forum_groups(id) ON DELETE CASCADE,
    document tsvector NOT NULL)`.execute(db);
  await sql`CREATE INDEX group_search_documents_gin ON group_search_documents USING gin (document)`.execute(db);
  await sql`CREATE FUNCTION group_search_documents_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO group_search_documents (group_id, document) VALUES (NEW.id, group_search_document(NEW.name, NEW.description))
        ON CONFLICT (group_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER group_search_documents_ai AFTER INSERT ON forum_groups FOR EACH ROW EXECUTE FUNCTION group_search_documents_refresh()`.execute(db);
  await sql`CREATE TRIGGER group_search_documents_au AFTER UPDATE OF name, description ON forum_groups FOR EACH ROW EXECUTE FUNCTION group_search_documents_refresh()`.execute(db);
  await sql`INSERT INTO group_search_documents (group_id, document) SELECT id, group_search_document(name, description) FROM forum_groups`.execute(db);

  await sql`CREATE TABLE user_search_documents (
    user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    document tsvector NOT NULL)`.execute(db);
  await sql`CREATE INDEX user_search_documents_gin ON user_search_documents USING gin (document)`.execute(db);
  await sql`CREATE FUNCTION user_search_documents_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO user_search_documents (user_id, document) VALUES (NEW.id, user_search_document(NEW.first_name, NEW.last_name, NEW.username, NEW.email))
        ON CONFLICT (user_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER user_search_documents_ai AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION user_search_documents_refresh()`.execute(db);
  await sql`CREATE TRIGGER user_search_documents_au AFTER UPDATE OF first_name, last_name, username, email ON users FOR EACH ROW EXECUTE FUNCTION user_search_documents_refresh()`.execute(db);
  await sql`INSERT INTO user_search_documents (user_id, document) SELECT id, user_search_document(first_name, last_name, username, email) FROM users`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
