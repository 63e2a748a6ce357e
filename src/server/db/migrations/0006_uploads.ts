// Resumable (tus) uploads in progress: who owns each one, so nobody else can read, resume or delete it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tus_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Set once the upload was accepted: a client that lost the final response can still learn the result.
    .addColumn('finished_at', 'text')
    .addColumn('result_uuid_id', 'text')
    .execute();
  await db.schema.createIndex('tus_uploads_created').on('tus_uploads').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
