// Idempotency keys survive a crash: the request holding a pending key holds it under a lease
// (lease_id names the holder, leased_at is renewed while it runs). A pending key whose lease ran out
// was left by a process that died mid-request; the next replay takes it over with a conditional
// update, and only the current holder records the response.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('lease_id', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('leased_at', 'text').execute();
  await sql`update idempotency_keys set leased_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('leased_at').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_id').execute();
}
