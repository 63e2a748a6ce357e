// Durable job queue in the database (DESIGN section 4): jobs survive a restart, and PostgreSQL
// claims with FOR UPDATE SKIP LOCKED so several server processes can share the table. A claimed job
// carries a lease (lease_id, locked_at) that its process renews while the job runs; a running job
// whose lease lapsed (its process died) is claimed again by any process, and only the holder of the
// current lease records how the job ended. A handler that fails for a reason outside the
// job (a tool or service missing) throws RetryableError: the job waits with a growing delay and
// runs again, for much longer than an ordinary failure is retried. When a job ends, run_after is
// set to the time it ended (the purge keys on it).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB, Dialect } from '../db/connection.js';
import { now } from '../db/connection.js';
import { PURGE_INTERVAL_MS, purgeExpired } from './purge.js';
import { isUnavailableError } from '../lib/unavailable.js';

/** While the database is unreachable the worker pauses, asking again this often. */
const PAUSED_POLL_MS = 2000;

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const MAX_ATTEMPTS = 3;
/** How long a shutdown waits for the running job before handing it back. */
const DEFAULT_STOP_GRACE_MS = 5000;
/** A running job's lease: renewed every third of it; lapsed (the process died) after it. */
export const DEFAULT_JOB_LEASE_MS = 60_000;
/** Retryable failures: 30 s, 1 min, 2 min ... at most an hour apart, for about two days. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
const MAX_RETRYABLE_ATTEMPTS = 50;

/** A failure of the infrastructure rather than of the job's input: retried later, never final at once. */
export class RetryableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableError';
  }
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export interface JobLog {
  info: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
}

export interface JobQueue {
  register(type: string, handler: JobHandler): void;
  enqueue(type: string, payload: Record<string, unknown>): Promise<void>;
  /**
   * Run queued jobs until none is left (tests and seeding call this). Ordinary retries are run at
   * once; a job postponed by a RetryableError runs at most once per drain and is left waiting.
   */
  drain(): Promise<number>;
  start(pollMs: number): void;
  /**
   * Stop taking jobs and wait for the running one, at most graceMs; a job still running then is
   * handed back (queued again, its attempt not counted) so another process, or the next start,
   * takes it up at once rather than after its lease lapses.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Queue a job on `db`, which may be a transaction: the job is queued exactly when the transaction
 * commits (features that queue work as part of a write use this; the worker picks it up).
 */
export async function enqueueJob(db: DB, type: string, payload: Record<string, unknown>): Promise<void> {
  const ts = now();
  await db.insertInto('jobs').values({ type, payload: JSON.stringify(payload), state: 'queued', attempts: 0, run_after: ts, locked_at: null, last_error: null, created_at: ts }).execute();
}

export function createJobQueue(db: DB, dialect: Dialect, log: JobLog, leaseMs: number = DEFAULT_JOB_LEASE_MS): JobQueue {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let purgeTimer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let purging: Promise<unknown> = Promise.resolve();
  let stopped = false;
  /** The job this process is running now, under its lease. */
  let current: { id: number; leaseId: string } | null = null;

  /** Claim a due queued job, or a running one whose lease lapsed, under a new lease. */
  async function claim() {
    const ts = now();
    const lapsed = new Date(Date.now() - leaseMs).toISOString();
    const leaseId = crypto.randomUUID();
    if (dialect === 'postgres') {
      const rows = await sql<{ id: number; type: string; payload: string; attempts: number; lease_id: string }>`
        UPDATE jobs SET state = 'running', locked_at = ${ts}, lease_id = ${leaseId}, attempts = attempts + 1
        WHERE id = (SELECT id FROM jobs
                    WHERE (state = 'queued' AND run_after <= ${ts}) OR (state = 'running' AND locked_at < ${lapsed})
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, type, payload, attempts, lease_id`.execute(db);
      return rows.rows[0];
    }
    // SQLite has one writer at a time, so a single UPDATE ... RETURNING is already exclusive.
    return db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', locked_at: ts, lease_id: leaseId, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where((w) => w.or([w.and([w('state', '=', 'queued'), w('run_after', '<=', ts)]), w.and([w('state', '=', 'running'), w('locked_at', '<', lapsed)])]))
          .orderBy('id')
          .limit(1),
      )
      .returning(['id', 'type', 'payload', 'attempts', 'lease_id'])
      .executeTakeFirst();
  }

  async function databaseAnswers(): Promise<boolean> {
    try {
      await db.selectFrom('jobs').select('id').limit(1).execute();
      return true;
    } catch {
      return false;
    }
  }

  /** Runs one due job: null when none was due, else how it ended. */
  async function runOne(): Promise<{ id: number; outcome: 'done' | 'retry' | 'postponed' | 'failed' } | null> {
    const job = await claim();
    if (!job) return null;
    current = { id: job.id, leaseId: job.lease_id! };
    const handler = handlers.get(job.type);
    // Only the holder of this lease writes the job's end (another process may have taken it over).
    const held = () => db.updateTable('jobs').where('id', '=', job.id).where('lease_id', '=', job.lease_id!);
    const renew = setInterval(() => {
      held()
        .set({ locked_at: now() })
        .executeTakeFirst()
        .then(
          (r) => {
            if (Number(r.numUpdatedRows) === 0) log.warn({ jobId: job.id, type: job.type }, 'job lease lost: another process took the job over');
          },
          (err: unknown) => log.warn({ err, jobId: job.id }, 'renewing a job lease failed'),
        );
    }, Math.max(10, Math.floor(leaseMs / 3)));
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(JSON.parse(job.payload));
      clearInterval(renew);
      await held().set({ state: 'done', locked_at: null, lease_id: null, run_after: now() }).execute();
      return { id: job.id, outcome: 'done' };
    } catch (err) {
      clearInterval(renew);
      // The database went away under the job: not the job's failure, and nothing can be recorded
      // now. The worker pauses; the job keeps its lease and runs again once the lease lapses.
      if (isUnavailableError(err) && !(await databaseAnswers())) throw err;
      const message = ((err as Error).message ?? String(err)).slice(0, 1000);
      if (err instanceof RetryableError && job.attempts < MAX_RETRYABLE_ATTEMPTS) {
        const runAfter = new Date(Date.now() + retryDelayMs(job.attempts)).toISOString();
        log.warn({ err, jobId: job.id, type: job.type, attempts: job.attempts, retryAt: runAfter }, `job postponed: ${message}`);
        await held().set({ state: 'queued', locked_at: null, lease_id: null, last_error: message, run_after: runAfter }).execute();
        return { id: job.id, outcome: 'postponed' };
      }
      log.error({ err, jobId: job.id, type: job.type }, 'job failed');
      const retry = !(err instanceof RetryableError) && job.attempts < MAX_ATTEMPTS;
      await held()
        .set({
          state: retry ? 'queued' : 'failed',
          locked_at: null,
          lease_id: null,
          last_error: message,
          run_after: retry ? new Date(Date.now() + 2 ** job.attempts * 1000).toISOString() : now(),
        })
        .execute();
      return { id: job.id, outcome: retry ? 'retry' : 'failed' };
    } finally {
      current = null;
    }
  }

  // The database unreachable: the worker pauses (one warning, no job is failed for it) and resumes
  // by itself once it answers again. A job cut off mid-run keeps its lease and is taken up again
  // when the lease lapses.
  let paused = false;
  async function loop(pollMs: number) {
    if (stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await runOne())) resume();
        resume();
      } catch (err) {
        if (!isUnavailableError(err)) log.error({ err }, 'job loop failed');
        else if (!paused) {
          paused = true;
          log.warn({ err }, 'the database is unavailable: job worker paused');
        }
      }
    })();
    await running;
    if (!stopped) timer = setTimeout(() => void loop(pollMs), paused ? Math.max(pollMs, PAUSED_POLL_MS) : pollMs);
  }
  function resume() {
    if (!paused) return;
    paused = false;
    log.warn({}, 'the database answers again: job worker resumed');
  }

  function purge() {
    purging = purgeExpired(db).then(
      (counts) => {
        if (Object.values(counts).some((n) => n > 0)) log.info({ purged: counts }, 'purged expired rows');
      },
      (err: unknown) => log.error({ err }, 'purging expired rows failed'),
    );
  }

  return {
    register(type, handler) {
      handlers.set(type, handler);
    },
    enqueue: (type, payload) => enqueueJob(db, type, payload),
    async drain() {
      let n = 0;
      const postponed: number[] = [];
      // Retries are scheduled in the future; drain makes them due now, except the postponed ones.
      for (;;) {
        let due = db.updateTable('jobs').set({ run_after: now() }).where('state', '=', 'queued');
        if (postponed.length) due = due.where('id', 'not in', postponed);
        await due.execute();
        const ran = await runOne();
        if (!ran) return n;
        n += 1;
        if (ran.outcome === 'postponed') postponed.push(ran.id);
      }
    },
    start(pollMs) {
      stopped = false;
      // Jobs left running by a process that died are claimed again once their lease lapses (by any
      // process). SQLite serves one process only, so whatever it left running died with it.
      const orphans =
        dialect === 'sqlite'
          ? db.updateTable('jobs').set({ state: 'queued', locked_at: null, lease_id: null }).where('state', '=', 'running').execute()
          : Promise.resolve();
      void orphans.catch((err: unknown) => log.error({ err }, 'freeing orphaned jobs failed')).then(() => loop(pollMs));
      // Sessions, idempotency keys, e-mail links and finished jobs: at start, then every hour.
      purge();
      purgeTimer = setInterval(purge, PURGE_INTERVAL_MS);
      purgeTimer.unref();
    },
    async stop(graceMs = DEFAULT_STOP_GRACE_MS) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (purgeTimer) clearInterval(purgeTimer);
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => (graceTimer = setTimeout(() => resolve('late'), graceMs)));
      const ended = await Promise.race([Promise.all([running, purging]).then(() => 'done' as const), grace]);
      clearTimeout(graceTimer);
      const held = current;
      if (ended === 'late' && held) {
        await db
          .updateTable('jobs')
          .set((eb) => ({ state: 'queued', locked_at: null, lease_id: null, attempts: eb('attempts', '-', 1) }))
          .where('id', '=', held.id)
          .where('lease_id', '=', held.leaseId)
          .execute()
          .then(
            () => log.warn({ jobId: held.id }, 'job still running at shutdown: handed back to the queue'),
            (err: unknown) => log.warn({ err, jobId: held.id }, 'handing back a running job failed: it is taken up again when its lease lapses'),
          );
      }
    },
  };
}
