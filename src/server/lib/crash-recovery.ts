// Start-up after a crash. On SQLite one server process serves the database (by design), so what
// the previous process left held at its end is known to be dead the moment a new one starts:
// Idempotency-Keys still pending are released (a retry runs afresh at once rather than getting 409
// until the key's lease lapses); jobs left running are queued again by the job worker's start
// (jobs/queue.ts). On PostgreSQL other live processes may hold them: the lease rule stays.
import type { FastifyInstance } from 'fastify';

/** Release what a previous process on this SQLite database left held; the number of keys released. */
export async function releaseAfterCrash(app: FastifyInstance): Promise<number> {
  if (app.dialect !== 'sqlite') return 0;
  const released = await app.db.deleteFrom('idempotency_keys').where('state', '=', 'pending').executeTakeFirst();
  const n = Number(released.numDeletedRows);
  if (n) app.log.warn({ keys: n }, 'released Idempotency-Keys left pending by the previous run');
  return n;
}
