// Videos carry captions: a WebVTT file in storage (captions_key), played as the video's captions track.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('captions_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('captions_key').execute();
}
