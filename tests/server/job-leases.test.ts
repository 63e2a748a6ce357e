// Job leases: a running job's process renews its lease; a job whose lease lapsed (its process died)
// is taken over by another worker, and the old holder can no longer record an end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, type TestApp } from './helpers.js';
import { createJobQueue } from '../../src/server/jobs/queue.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(dbKinds)('job leases (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // Jobs a new database starts with, run by the app's own handlers first.
    await t.app.jobs.drain();
  });
  afterAll(async () => {
    await t.close();
  });

  const insertRunning = async (lockedAt: Date) =>
    (
      await t.app.db
        .insertInto('jobs')
        .values({
          type: 'lease.test',
          payload: JSON.stringify({ n: 1 }),
          state: 'running',
          attempts: 1,
          run_after: lockedAt.toISOString(),
          locked_at: lockedAt.toISOString(),
          lease_id: 'a-process-that-died',
          last_error: null,
          created_at: lockedAt.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('a running job whose lease lapsed is taken over and run; one whose lease is fresh is left alone', async () => {
    const ran: number[] = [];
    const queue = createJobQueue(t.app.db, t.app.dialect, quiet, 5_000);
    queue.register('lease.test', async (payload) => {
      ran.push(Number(payload.n));
    });
    const lapsed = await insertRunning(new Date(Date.now() - 60_000));
    const fresh = await insertRunning(new Date());
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([1]);
    const rows = await t.app.db.selectFrom('jobs').select(['id', 'state', 'attempts', 'lease_id']).where('id', 'in', [lapsed, fresh]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: lapsed, state: 'done', attempts: 2, lease_id: null },
      { id: fresh, state: 'running', attempts: 1, lease_id: 'a-process-that-died' },
    ]);
    await t.app.db.deleteFrom('jobs').where('id', '=', fresh).execute();
  });

  it('a long job keeps its lease while it runs, so no other worker takes it', async () => {
    const first = createJobQueue(t.app.db, t.app.dialect, quiet, 1_000);
    const second = createJobQueue(t.app.db, t.app.dialect, quiet, 1_000);
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    first.register('lease.long', async () => {
      runs += 1;
      await held;
    });
    second.register('lease.long', async () => {
      runs += 1;
    });
    await first.enqueue('lease.long', {});
    const running = first.drain();
    // Past the lease several times over: the holder renewed it, so the second worker finds nothing.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await second.drain()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(runs).toBe(1);
    const job = await t.app.db.selectFrom('jobs').select(['state', 'attempts']).where('type', '=', 'lease.long').executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', attempts: 1 });
  });
});
