// Cached feed and group pages show who found a post helpful and whom it mentions, so the tables
// holding reactions and mentions have list versions like every other table a page reads
// (lib/list-cache.ts): a write to either raises its version and the cached pages are read again.
import { sql, type Kysely } from 'kysely';
import { addVersionTriggers } from './0016_list_versions.js';

const TABLES = ['post_reactions', 'reply_reactions', 'mentions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`INSERT INTO list_versions (name, version) VALUES (${table}, 0)`.execute(db);
    await addVersionTriggers(db, table);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
