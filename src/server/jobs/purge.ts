// Scheduled clean-up of rows that only grow: ended sessions, old idempotency keys, used or expired
// e-mail links, finished jobs and rate-limit counters of windows long past. The job worker runs it at start and then every PURGE_INTERVAL_MS;
// every delete is idempotent, so several server processes may run it side by side.
import type { DB } from '../db/connection.js';

export const PURGE_INTERVAL_MS = 3600_000;
/** A replay with the same Idempotency-Key is answered from the stored response for a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
/** Done jobs are kept a week, failed ones a month (for the operator to look at). */
export const DONE_JOB_TTL_MS = 7 * 24 * 3600_000;
export const FAILED_JOB_TTL_MS = 30 * 24 * 3600_000;
/** A rate-limit counter whose window began this long ago is over (windows are minutes to hours). */
export const RATE_LIMIT_TTL_MS = 7 * 24 * 3600_000;

export interface PurgeCounts {
  sessions: number;
  idempotencyKeys: number;
  emailTokens: number;
  jobs: number;
  rateLimits: number;
}

const count = (r: { numDeletedRows: bigint }[]) => r.reduce((n, x) => n + Number(x.numDeletedRows), 0);

export async function purgeExpired(db: DB, at: Date = new Date()): Promise<PurgeCounts> {
  const iso = (ms: number) => new Date(at.getTime() - ms).toISOString();
  const nowIso = at.toISOString();
  const sessions = count(await db.deleteFrom('sessions').where('expires_at', '<', nowIso).execute());
  const idempotencyKeys = count(await db.deleteFrom('idempotency_keys').where('created_at', '<', iso(IDEMPOTENCY_KEY_TTL_MS)).execute());
  const emailTokens = count(
    await db
      .deleteFrom('email_tokens')
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', nowIso)]))
      .execute(),
  );
  // A finished job's run_after is the time it finished.
  const jobs = count(
    await db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'done'), eb('run_after', '<', iso(DONE_JOB_TTL_MS))]),
          eb.and([eb('state', '=', 'failed'), eb('run_after', '<', iso(FAILED_JOB_TTL_MS))]),
        ]),
      )
      .execute(),
  );
  const rateLimits = count(await db.deleteFrom('rate_limits').where('window_start', '<', iso(RATE_LIMIT_TTL_MS)).execute());
  return { sessions, idempotencyKeys, emailTokens, jobs, rateLimits };
}
