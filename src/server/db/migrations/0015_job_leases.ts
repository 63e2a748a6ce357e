// A running job is held under a lease: lease_id names the process's claim and locked_at is renewed
// while the job runs. A running job whose lease lapsed (its process died) is taken over by another
// process; only the current holder records how the job ended.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('lease_id').execute();
}
