// Media carry a text alternative (alt_text): what an image shows, for people who cannot see it. A
// description says what the media is about; the alt text stands in for the picture itself.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('alt_text', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('alt_text').execute();
}
