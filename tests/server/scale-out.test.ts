// Several servers, nothing kept in one process: two app processes share one PostgreSQL database and
// one S3-compatible server (s3rver on loopback), and one client works across both. Needs
// TEST_DATABASE_URL (a PostgreSQL server where a database may be created); skipped without it.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../private-pg.js';
import { hashPassword } from '../../src/server/features/auth/service.js';
import { startS3Server, type TestS3Server } from '../s3-server.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const SKIP_REASON = 'scale-out test skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it';
if (!DATABASE_URL) console.warn(SKIP_REASON);

const PASSWORD = 'Passw0rdA';
const LOGIN_LIMIT = 4;
const UPLOAD_BYTES = 64 * 1024 * 1024;
const CHUNK_BYTES = 8 * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };


/** One app process started as `npm start` would run the server, on its own port and data dir. */
class AppProcess {
  child: ChildProcess | null = null;
  output = '';
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-app-'));
  readonly tmpDir = path.join(this.dataDir, 'tmp-files');

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.tmpDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      // Temporary files (a chunk being received, copies for processing) stay in the data dir, so
      // what a killed process leaves behind is removed with it.
      env: { ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, PUBLIC_URL: this.url, TMPDIR: this.tmpDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited (${child.exitCode}):\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${this.name} did not start:\n${this.output}`);
  }

  /** SIGKILL: the process dies at once, as a crashed server would. */
  async kill(): Promise<void> {
    await this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.child = null;
  }
}

describe.skipIf(!DATABASE_URL)('several servers on PostgreSQL and S3', () => {
  const dbName = `scale_${crypto.randomBytes(5).toString('hex')}`;
  let dbUrl = '';
  let s3: TestS3Server;
  let a: AppProcess;
  let b: AppProcess;
  let cookie = '';
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-client-'));

  const admin = () => new pg.Client({ connectionString: DATABASE_URL });
  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async function createUser(username: string): Promise<void> {
    await query(
      `INSERT INTO users (uuid_id, first_name, last_name, username, email, password_hash, role, enabled, email_verified, can_provision, is_pre_release, distributor_id, created_at)
       VALUES ($1, 'Scale', 'Out', $2, $3, $4, 1, 1, 1, 0, 0, 1, $5)`,
      [crypto.randomUUID(), username, `${username}@example.test`, await hashPassword(PASSWORD), new Date().toISOString()],
    );
  }

  function signIn(app: AppProcess, username: string, password: string, address: string) {
    return fetch(`${app.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ username, password }),
    });
  }

  const call = (app: AppProcess, url: string, init: RequestInit = {}) =>
    fetch(`${app.url}${url}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${dbName}"`);
    await client.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();

    s3 = await startS3Server();
    const storage = s3.storageFor('community-files');
    await s3.createBucket(storage.bucket);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DATABASE_URL: dbUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      STORAGE: 's3',
      S3_ENDPOINT: storage.endpoint,
      S3_REGION: storage.region,
      S3_BUCKET: storage.bucket,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
      TRUST_PROXY: 'loopback',
      JOB_POLL_MS: '200',
      // No built client: the API alone.
      CLIENT_DIR: clientDir,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    a = new AppProcess('server A', portA, env);
    b = new AppProcess('server B', portB, env);
    // Migrations run once, by the first server; the second finds the database up to date.
    await a.start();
    await b.start();
    await createUser('roamer');
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    for (const p of [a, b]) if (p) fs.rmSync(p.dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await client.end();
  }, 60_000);

  it('a session started on one server works on the other', async () => {
    const res = await signIn(a, 'roamer', PASSWORD, '203.0.113.1');
    expect(res.status).toBe(200);
    cookie = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
    const me = await call(b, '/api/users/me');
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe('roamer');
  });

  it('a 64 MB resumable upload alternating between servers, one killed mid-chunk and restarted, ends byte-identical; its link works on either server', async () => {
    // JSON, so the scenario kind takes it; random padding so every byte counts.
    const head = Buffer.from('{"scenarioName":"Across servers","padding":"');
    const tail = Buffer.from('"}');
    const pad = crypto.randomBytes(UPLOAD_BYTES).toString('base64').slice(0, UPLOAD_BYTES - head.length - tail.length);
    const bytes = Buffer.concat([head, Buffer.from(pad), tail]);
    expect(bytes.length).toBe(UPLOAD_BYTES);
    const b64 = (s: string) => Buffer.from(s).toString('base64');

    const created = await call(a, '/uploads/tus', {
      method: 'POST',
      headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${b64('across.json')},kind ${b64('scenario')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const servers = [a, b];
    const patch = (app: AppProcess, offset: number, body: Buffer) =>
      call(app, location, { method: 'PATCH', headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(body) });
    const offsetOn = async (app: AppProcess) => {
      const res = await call(app, location, { method: 'HEAD', headers: TUS });
      expect(res.status).toBe(200);
      return Number(res.headers.get('upload-offset'));
    };

    // Four chunks, alternating A, B, A, B.
    let offset = 0;
    for (let i = 0; i < 4; i++) {
      const res = await patch(servers[i % 2], offset, bytes.subarray(offset, offset + CHUNK_BYTES));
      expect(res.status).toBe(204);
      offset = Number(res.headers.get('upload-offset'));
    }
    expect(offset).toBe(4 * CHUNK_BYTES);
    expect(await offsetOn(b)).toBe(offset);

    // Server B dies halfway through the next chunk (it holds the upload's lock then).
    let killed: Promise<void> = Promise.resolve();
    await new Promise<void>((resolve) => {
      const req = http.request(`${b.url}${location}`, {
        method: 'PATCH',
        headers: { ...TUS, cookie, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(CHUNK_BYTES) },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(bytes.subarray(offset, offset + CHUNK_BYTES / 2), () => {
        setTimeout(() => {
          killed = b.kill();
        }, 300);
      });
    });
    await killed;
    expect(b.child).toBeNull();

    // Server A answers at once: the dead server's lock went with its connection.
    offset = await offsetOn(a);
    expect(offset).toBeGreaterThanOrEqual(4 * CHUNK_BYTES);
    expect(offset).toBeLessThan(5 * CHUNK_BYTES + 1);
    const restarted = b.start();

    let answer: Response | null = null;
    for (let i = 0; offset < bytes.length; i++) {
      if (i === 1) await restarted;
      const app = servers[i % 2];
      const res = await patch(app, offset, bytes.subarray(offset, offset + CHUNK_BYTES));
      if (offset + CHUNK_BYTES >= bytes.length) {
        expect(res.status).toBe(200);
        answer = res;
        offset = bytes.length;
      } else {
        expect(res.status).toBe(204);
        offset = Number(res.headers.get('upload-offset'));
      }
    }
    await restarted;
    const { uuid_id } = (await answer!.json()) as { uuid_id: string };
    expect(await offsetOn(b)).toBe(bytes.length);

    const [row] = await query<{ id: number }>('SELECT id FROM scenarios WHERE uuid_id = $1', [uuid_id]);
    const link = await call(a, `/api/scenarios/download/${row.id}`);
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    // The link signed by server A, downloaded through server B, without the session.
    const file = await fetch(`${b.url}${url}`);
    expect(file.status).toBe(200);
    const got = Buffer.from(await file.arrayBuffer());
    expect(got.length).toBe(bytes.length);
    expect(crypto.createHash('sha256').update(got).digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  }, 240_000);

  it('each processing job runs exactly once although both servers work the queue', async () => {
    const uuids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const form = new FormData();
      form.append('scenFiles', new Blob([JSON.stringify({ scenarioName: `Shared queue ${i}`, scenarioTime: 600 })]), `queue-${i}.json`);
      const res = await call([a, b][i % 2], '/api/scenarios/upload', { method: 'POST', body: form });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { successes: { uuid_id: string }[] };
      uuids.push(body.successes[0].uuid_id);
    }
    const deadline = Date.now() + 60_000;
    let rows: { id: number; is_processed: number; name: string }[] = [];
    while (Date.now() < deadline) {
      rows = await query('SELECT id, is_processed, name FROM scenarios WHERE uuid_id = ANY($1)', [uuids]);
      if (rows.every((r) => r.is_processed)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(rows.map((r) => r.is_processed)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(rows.map((r) => r.name).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Shared queue ${i}`));
    const jobs = await query<{ state: string; attempts: number; payload: string }>("SELECT state, attempts, payload FROM jobs WHERE type = 'scenario.process'");
    for (const r of rows) {
      const own = jobs.filter((j) => (JSON.parse(j.payload) as { id: number }).id === r.id);
      expect(own).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })]);
    }
  }, 120_000);

  // Each process keeps the sessions it has looked up (plugins/session.ts): a change made through
  // another process must still show on the next request.
  it('signing out or being disabled on one server ends the session on the other at once', async () => {
    await createUser('leaver');
    const started = await signIn(a, 'leaver', PASSWORD, '203.0.113.7');
    expect(started.status).toBe(200);
    const own = /sid=[^;]+/.exec(started.headers.get('set-cookie') ?? '')![0];
    const meOn = (app: AppProcess) => fetch(`${app.url}/api/users/me`, { headers: { cookie: own } });
    expect((await meOn(b)).status).toBe(200);
    expect((await meOn(b)).status).toBe(200);
    const out = await fetch(`${a.url}/api/me/logout`, { headers: { cookie: own } });
    expect(out.status).toBe(200);
    expect((await meOn(b)).status).toBe(401);
    expect((await meOn(a)).status).toBe(401);

    // A user disabled through one server is signed out on the other.
    const again = await signIn(b, 'leaver', PASSWORD, '203.0.113.8');
    const second = /sid=[^;]+/.exec(again.headers.get('set-cookie') ?? '')![0];
    expect((await fetch(`${a.url}/api/users/me`, { headers: { cookie: second } })).status).toBe(200);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query(`UPDATE users SET enabled = 0 WHERE username = 'leaver'`);
    await client.end();
    expect((await fetch(`${a.url}/api/users/me`, { headers: { cookie: second } })).status).toBe(401);
  });

  it('failed sign-ins on one server count on the other', async () => {
    await createUser('guarded');
    // The account's counter is shared: failures from different addresses on both servers add up.
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const res = await signIn([a, b][i % 2], 'guarded', 'wrong-password', `198.51.100.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const refusedOnA = await signIn(a, 'guarded', PASSWORD, '198.51.100.50');
    expect(refusedOnA.status).toBe(429);
    const refusedOnB = await signIn(b, 'guarded', PASSWORD, '198.51.100.51');
    expect(refusedOnB.status).toBe(429);
    expect(refusedOnB.headers.get('retry-after')).toBeTruthy();
  });
});
