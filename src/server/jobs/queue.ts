// Durable job queue in the database (DESIGN section 4): jobs survive a restart, a crashed worker's
// running jobs are re-queued when it starts again, and PostgreSQL claims with FOR UPDATE SKIP LOCKED
// so several server processes can share the table.
import { sql } from 'kysely';
import type { DB, Dialect } from '../db/connection.js';
import { now } from '../db/connection.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const MAX_ATTEMPTS = 3;
const STALE_MS = 10 * 60_000;

export interface JobQueue {
  register(type: string, handler: JobHandler): void;
  enqueue(type: string, payload: Record<string, unknown>): Promise<void>;
  /** Run queued jobs until none is left (tests and seeding call this). */
  drain(): Promise<number>;
  start(pollMs: number): void;
  stop(): Promise<void>;
}

export function createJobQueue(db: DB, dialect: Dialect, log: { error: (o: object, m: string) => void }): JobQueue {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function claim() {
    const ts = now();
    if (dialect === 'postgres') {
      const rows = await sql<{ id: number; type: string; payload: string; attempts: number }>`
        UPDATE jobs SET state = 'running', locked_at = ${ts}, attempts = attempts + 1
        WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND run_after <= ${ts}
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, type, payload, attempts`.execute(db);
      return rows.rows[0];
    }
    // SQLite has one writer at a time, so a single UPDATE ... RETURNING is already exclusive.
    return db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', locked_at: ts, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb.selectFrom('jobs').select('id').where('state', '=', 'queued').where('run_after', '<=', ts).orderBy('id').limit(1),
      )
      .returning(['id', 'type', 'payload', 'attempts'])
      .executeTakeFirst();
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(JSON.parse(job.payload));
      await db.updateTable('jobs').set({ state: 'done', locked_at: null }).where('id', '=', job.id).execute();
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      log.error({ err, jobId: job.id, type: job.type }, 'job failed');
      const retry = job.attempts < MAX_ATTEMPTS;
      await db
        .updateTable('jobs')
        .set({
          state: retry ? 'queued' : 'failed',
          locked_at: null,
          last_error: message.slice(0, 1000),
          run_after: new Date(Date.now() + 2 ** job.attempts * 1000).toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
    }
    return true;
  }

  async function loop(pollMs: number) {
    if (stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await runOne()));
      } catch (err) {
        log.error({ err }, 'job loop failed');
      }
    })();
    await running;
    if (!stopped) timer = setTimeout(() => void loop(pollMs), pollMs);
  }

  return {
    register(type, handler) {
      handlers.set(type, handler);
    },
    async enqueue(type, payload) {
      const ts = now();
      await db.insertInto('jobs').values({ type, payload: JSON.stringify(payload), state: 'queued', attempts: 0, run_after: ts, locked_at: null, last_error: null, created_at: ts }).execute();
    },
    async drain() {
      let n = 0;
      // Retries are scheduled in the future; drain makes them due now.
      for (;;) {
        await db.updateTable('jobs').set({ run_after: now() }).where('state', '=', 'queued').execute();
        if (!(await runOne())) return n;
        n += 1;
      }
    },
    start(pollMs) {
      stopped = false;
      // Jobs left running by a process that died are picked up again.
      void db
        .updateTable('jobs')
        .set({ state: 'queued', locked_at: null })
        .where('state', '=', 'running')
        .where('locked_at', '<', new Date(Date.now() - (dialect === 'sqlite' ? 0 : STALE_MS)).toISOString())
        .execute()
        .then(() => loop(pollMs));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
