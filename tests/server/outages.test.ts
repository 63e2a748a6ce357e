// The server keeps serving through database outages: a private PostgreSQL server (started here,
// never the shared one) is stopped, started again and frozen under the running app. The app never
// exits; while the database is away every request is answered 503 with a JSON message and
// Retry-After within 3 s, writes are refused whole; once it is back, reads and writes work again
// within 15 s without a restart, and the job worker pauses and resumes.
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/features/auth/service.js';
import { AppProcess } from '../app-process.js';
import { PrivatePg, freePort, privatePgUnavailable } from '../private-pg.js';

const unavailable = privatePgUnavailable();
if (unavailable) console.warn(`database outage tests skipped: ${unavailable}`);

const PASSWORD = 'Passw0rdA';

describe.skipIf(!!unavailable)('a PostgreSQL outage under the running app', () => {
  let db: PrivatePg;
  let app: AppProcess;
  let cookie = '';

  const call = (url: string, init: RequestInit = {}) => fetch(`${app.url}${url}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  const post = (title: string) => call('/api/forumpost/CreatePost', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title }) });
  const feedTitles = async () => ((await (await call('/api/forumpost/GetPosts/0/50/-1')).json()) as { posts: { title: string }[] }).posts.map((p) => p.title);

  /** The answer and how long it took. */
  async function timed(request: () => Promise<Response>): Promise<{ status: number; ms: number; retryAfter: string | null; body: { message?: string } }> {
    const started = Date.now();
    const res = await request();
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), body };
  }

  /** Poll until a signed-in read and a write both succeed: the time it took. */
  async function recovery(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      const read = await call('/api/users/me').catch(() => null);
      if (read?.status === 200) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    return Infinity;
  }

  beforeAll(async () => {
    db = await PrivatePg.create();
    app = new AppProcess(await freePort(), { DATABASE_URL: db.url, SESSION_SECRET: crypto.randomBytes(32).toString('hex'), JOB_POLL_MS: '200' });
    await app.start();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(
      `INSERT INTO users (uuid_id, first_name, last_name, username, email, password_hash, role, enabled, email_verified, can_provision, is_pre_release, distributor_id, created_at)
       VALUES ($1, 'Olive', 'Outage', 'olive', 'olive@example.test', $2, 1, 1, 1, 0, 0, 1, $3)`,
      [crypto.randomUUID(), await hashPassword(PASSWORD), new Date().toISOString()],
    );
    await client.end();
    const res = await fetch(`${app.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'olive', password: PASSWORD }) });
    expect(res.status).toBe(200);
    cookie = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    app?.remove();
    db?.destroy();
  }, 60_000);

  it('a stopped database: quick 503s with a message and Retry-After, no exit, writes refused whole; back within 15 s', async () => {
    expect((await post('Before the outage')).status).toBe(201);

    db.stop();
    for (const request of [() => call('/api/users/me'), () => call('/api/forumpost/GetPosts/0/50/-1'), () => post('During the outage')]) {
      const res = await timed(request);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/temporarily unavailable/);
      expect(res.retryAfter).toMatch(/^\d+$/);
      expect(res.ms).toBeLessThan(3000);
    }
    const ready = await call('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'The database does not answer' });
    // The worker notices and pauses; the process stays up.
    await new Promise((r) => setTimeout(r, 1500));
    expect(app.running).toBe(true);
    expect(app.output).toContain('job worker paused');

    db.start();
    expect(await recovery()).toBeLessThan(15_000);
    expect((await post('After the outage')).status).toBe(201);
    expect((await call('/api/ready')).status).toBe(200);
    const titles = await feedTitles();
    expect(titles).toEqual(expect.arrayContaining(['Before the outage', 'After the outage']));
    expect(titles).not.toContain('During the outage');
    await new Promise((r) => setTimeout(r, 2500));
    expect(app.output).toContain('job worker resumed');
    expect(app.running).toBe(true);
  }, 90_000);

  it('a database that does not answer at all: 503 within 3 s, then back within 15 s', async () => {
    db.freeze();
    try {
      for (const request of [() => call('/api/users/me'), () => post('While frozen')]) {
        const res = await timed(request);
        expect(res.status).toBe(503);
        expect(res.body.message).toMatch(/temporarily unavailable/);
        expect(res.ms).toBeLessThan(3000);
      }
    } finally {
      db.thaw();
    }
    expect(await recovery()).toBeLessThan(15_000);
    expect((await post('After the freeze')).status).toBe(201);
    expect(await feedTitles()).toContain('After the freeze');
    expect(app.running).toBe(true);
  }, 90_000);

  it('an upload chunk in flight (its lock held on its own connection) when the database stops: answered, no exit; new chunks 503 until it is back', async () => {
    const size = 400_000;
    const created = await call('/uploads/tus', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from('shot.png').toString('base64')},kind ${Buffer.from('media').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(`${app.url}${location}`, {
        method: 'PATCH',
        headers: { cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': '100000' },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(50_000, 1));
      setTimeout(() => req.end(Buffer.alloc(50_000, 1)), 1500);
    });
    await new Promise((r) => setTimeout(r, 500));
    db.stop();
    expect([204, 503]).toContain(await answer);
    await new Promise((r) => setTimeout(r, 500));
    expect(app.running).toBe(true);
    const next = await timed(() => call(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } }));
    expect(next.status).toBe(503);
    expect(next.ms).toBeLessThan(3000);
    db.start();
    expect(await recovery()).toBeLessThan(15_000);
    const offset = await call(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    expect(offset.status).toBe(200);
    expect(app.running).toBe(true);
  }, 90_000);

  it('a load of requests through a stop and start of the database: every answer a 2xx or a JSON 503, the app never exits', async () => {
    const statuses = new Map<number, number>();
    let failures = 0;
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const res = await (i % 2 ? call('/api/users/me') : post(`Load ${n}-${i}`)).catch(() => null);
        if (!res) failures++;
        else {
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 503) expect(((await res.json()) as { message: string }).message).toMatch(/temporarily unavailable/);
          else await res.arrayBuffer();
        }
      }
    };
    const workers = [1, 2, 3, 4].map(worker);
    await new Promise((r) => setTimeout(r, 500));
    db.stop();
    await new Promise((r) => setTimeout(r, 1500));
    db.start();
    const back = await recovery();
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(workers);
    expect(back).toBeLessThan(15_000);
    expect(failures).toBe(0);
    expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect(app.running).toBe(true);
  }, 90_000);
});
