// Graceful shutdown: SIGTERM with a keep-alive client connected ends the process with 0 within
// 2 s; a request in flight is answered first; the job worker hands back a job it cannot finish.
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { AppProcess } from '../app-process.js';
import { freePort } from '../private-pg.js';
import { buildTestApp, dbKinds } from './helpers.js';

function get(agent: http.Agent, url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('SIGTERM', () => {
  const apps: AppProcess[] = [];
  afterAll(async () => {
    for (const app of apps) {
      await app.stop('SIGKILL');
      app.remove();
    }
  });

  it('with a keep-alive client connected (and idle), the process exits 0 within 2 s', async () => {
    const app = new AppProcess(await freePort(), {});
    apps.push(app);
    await app.start();
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const first = await get(agent, `${app.url}/api/health`);
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');
    const stopped = await app.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(2000);
    agent.destroy();
  }, 120_000);

  it('a request in flight is answered in full, then its keep-alive connection is closed and the process exits 0 at once', async () => {
    const app = new AppProcess(await freePort(), {});
    apps.push(app);
    await app.start();
    const agent = new http.Agent({ keepAlive: true });
    // A sign-in whose body arrives slowly: in flight when the signal comes.
    const body = JSON.stringify({ username: 'nobody', password: 'Wrong-password-1' });
    const answer = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
      const req = http.request(`${app.url}/api/auth`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 700);
    });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const stopping = app.stop('SIGTERM');
    const res = await answer;
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text).message).toBeTruthy();
    const stopped = await stopping;
    expect(stopped.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(2500);
    agent.destroy();
  }, 120_000);
});

describe.each(dbKinds)('the job worker at shutdown (%s)', (kind) => {
  it('hands back a job still running when its grace ends: queued again, the attempt not counted', async () => {
    const t = await buildTestApp(kind, { shutdownTimeoutMs: 200 });
    try {
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const type = `slow-${crypto.randomBytes(3).toString('hex')}`;
      t.app.jobs.register(type, () => {
        started();
        return new Promise(() => undefined);
      });
      await t.app.jobs.enqueue(type, {});
      t.app.jobs.start(20);
      await running;
      await t.app.jobs.stop(100);
      const row = await t.app.db.selectFrom('jobs').selectAll().where('type', '=', type).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'queued', lease_id: null, locked_at: null, attempts: 0 });
    } finally {
      await t.close();
    }
  });
});
