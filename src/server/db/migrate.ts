import { Migrator, type MigrationProvider } from 'kysely';
import type { DB } from './connection.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema in use (tests run each file in its own). Kysely looks for its
 * migration tables in every schema unless told which, so a sibling schema's tables would fool it.
 */
export async function migrateToLatest(db: DB, schema?: string): Promise<void> {
  // Migration numbers are reserved per piece of work and land in any order (0013 before 0010): a
  // database that already ran a later number still takes an earlier one that arrives after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
}
