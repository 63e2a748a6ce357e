// SQLite: a post search's total and pages read from the full-text index alone. Whether a matching
// post is listed for the reader (approved and live, of the feed or of one of the reader's groups)
// was checked on each match's row: a common word's count read some 14 000 rows, about 10 ms, against
// about 1 ms for the index's own count. As PostgreSQL's documents do (0047), posts_fts now also holds
// each post's listing, in a column of its own that no search words are asked of:
//   'listedfeed' for an approved, live post of no group, 'listedg<id>' for one of group <id>, nothing
//   for a pending or deleted post.
// posts.listing is a virtual generated column (computed when read, nothing stored) that the
// external-content index reads; the triggers now also follow the status, the deletion and the group.
// PostgreSQL needs nothing here.
import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`ALTER TABLE posts ADD COLUMN listing text GENERATED ALWAYS AS (
    CASE WHEN status = 1 AND deleted_at IS NULL THEN CASE WHEN group_id IS NULL THEN 'listedfeed' ELSE 'listedg' || group_id END ELSE '' END
  ) VIRTUAL`.execute(db);
  const cols = 'title, text, tag_text, listing';
  for (const trigger of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER posts_fts_${trigger}`).execute(db);
  await sql`DROP TABLE posts_fts`.execute(db);
  await sql.raw(`CREATE VIRTUAL TABLE posts_fts USING fts5(${cols}, content='posts', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3')`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_fts_ai AFTER INSERT ON posts BEGIN
    INSERT INTO posts_fts(rowid, ${cols}) VALUES (new.id, new.title, new.text, new.tag_text, new.listing); END`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_fts_ad AFTER DELETE ON posts BEGIN
    INSERT INTO posts_fts(posts_fts, rowid, ${cols}) VALUES ('delete', old.id, old.title, old.text, old.tag_text, old.listing); END`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_fts_au AFTER UPDATE OF title, text, tag_text, status, deleted_at, group_id ON posts BEGIN
    INSERT INTO posts_fts(posts_fts, rowid, ${cols}) VALUES ('delete', old.id, old.title, old.text, old.tag_text, old.listing);
    INSERT INTO posts_fts(rowid, ${cols}) VALUES (new.id, new.title, new.text, new.tag_text, new.listing); END`).execute(db);
  await sql`INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
