// Test helpers: build the real app on a fresh database (SQLite file in a temp dir, or a fresh
// PostgreSQL schema when TEST_DATABASE_URL is set) and call it in-process with inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config, type StorageConfig } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/features/auth/service.js';
import { uuid } from '../../src/server/lib/crypto.js';
import { copySqliteTemplate, createPgSchema } from '../db-templates.js';
import { S3_TEST_FILES } from '../s3-files.js';

export type DbKind = 'sqlite' | 'postgres';

/**
 * The databases to run API tests on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set;
 * TEST_DB_KINDS (a comma list, e.g. 'postgres') narrows that down.
 */
export const dbKinds: DbKind[] = ((): DbKind[] => {
  const available: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const wanted = process.env.TEST_DB_KINDS?.split(',').map((k) => k.trim());
  const kinds = wanted ? available.filter((k) => wanted.includes(k)) : available;
  return kinds.length ? kinds : available;
})();

/**
 * Where test apps store files: the data dir, or with TEST_STORAGE=s3 a fresh bucket per test app on
 * the S3-compatible server at TEST_S3_ENDPOINT (tests/s3-global-setup.ts starts one).
 */
export const testStorage: 'local' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';

async function testStorageConfig(): Promise<StorageConfig> {
  if (testStorage === 'local') return { driver: 'local' };
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error('TEST_STORAGE=s3 needs TEST_S3_ENDPOINT (the vitest global setup starts a server and sets it)');
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const { s3ClientConfig } = await import('../../src/server/storage/s3.js');
  const storage = {
    driver: 's3' as const,
    endpoint,
    region: 'us-east-1',
    bucket: `t-${crypto.randomBytes(6).toString('hex')}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client(s3ClientConfig(storage));
  await client.send(new CreateBucketCommand({ Bucket: storage.bucket }));
  client.destroy();
  return storage;
}

/** The bytes of a stored file (either storage driver). */
export async function readStored(app: FastifyInstance, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of app.storage.read(key) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function storedExists(app: FastifyInstance, key: string): Promise<boolean> {
  return (await app.storage.size(key)) !== null;
}

/**
 * Whether a test app of this file used file storage (a storage call, or an upload that tus kept):
 * such a file must be in the S3 pass's list (tests/s3-files.ts), which the file's last hook checks
 * on local storage. TEST_STORAGE_REPORT=<file> appends the file's name there instead.
 */
let usedStorage = false;
const STORAGE_METHODS = ['put', 'putFile', 'copy', 'read', 'size', 'delete'] as const;

function noticeStorageUse(app: FastifyInstance): void {
  if (testStorage !== 'local') return;
  const storage = app.storage as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of STORAGE_METHODS) {
    const method = storage[name];
    storage[name] = (...args: unknown[]) => {
      usedStorage = true;
      return method.apply(app.storage, args);
    };
  }
}

function keptUploads(dataDir: string): boolean {
  const dir = path.join(dataDir, 'tus');
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

afterAll(() => {
  if (!usedStorage) return;
  const file = path.relative(process.cwd(), expect.getState().testPath ?? '').split(path.sep).join('/');
  if (process.env.TEST_STORAGE_REPORT) fs.appendFileSync(process.env.TEST_STORAGE_REPORT, `${file}\n`);
  else if (!S3_TEST_FILES.includes(file)) throw new Error(`${file} uses file storage: add it to tests/s3-files.ts, so that it runs on S3 storage too`);
});

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Close the app and build a new one on the same data dir and database (a server restart); updates `app`. */
  restart(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function buildTestApp(kind: DbKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-'));
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await createPgSchema(client, schema);
    } finally {
      await client.end();
    }
  } else {
    copySqliteTemplate(dataDir);
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, SEED_DEMO: 'false' },
    {
      databaseUrl,
      databaseSchema: schema,
      serveClient: false,
      runWorker: false,
      logLevel: 'silent',
      publicUrl: 'http://localhost:3000',
      // Tests sign in many times from one address; rate-limit tests pass their own low limits.
      rateLimit: { login: 10_000, email: 10_000, windowMs: 60_000 },
      strictResponses: true,
      storage: await testStorageConfig(),
      ...overrides,
    },
  );
  const app = await buildApp(config);
  noticeStorageUse(app);
  const testApp: TestApp = {
    app,
    dataDir,
    async restart() {
      usedStorage ||= keptUploads(dataDir);
      await testApp.app.close();
      testApp.app = await buildApp(config);
      noticeStorageUse(testApp.app);
      return testApp.app;
    },
    async close() {
      usedStorage ||= keptUploads(dataDir);
      await testApp.app.close();
      if (schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

export interface TestUser {
  id: number;
  uuid_id: string;
  username: string;
  email: string;
  password: string;
  cookie: string;
}

export const TEST_PASSWORD = 'Passw0rdA';

// Every test user has the same password: hash it once per test process (with the app's own
// argon2 parameters, so signing in checks it exactly as in production).
let testPasswordHashed: Promise<string> | undefined;
const testPasswordHash = () => (testPasswordHashed ??= hashPassword(TEST_PASSWORD));

/** Create a verified user directly in the database and sign in through the API. */
export async function createUser(
  app: FastifyInstance,
  opts: { username?: string; role?: number; canProvision?: boolean; isPreRelease?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const username = opts.username ?? `user_${crypto.randomBytes(4).toString('hex')}`;
  const email = `${username}@example.test`;
  const row = await app.db
    .insertInto('users')
    .values({
      uuid_id: uuid(),
      first_name: opts.firstName ?? 'Test',
      last_name: opts.lastName ?? username,
      username,
      email,
      password_hash: await testPasswordHash(),
      mobile_phone: null,
      role: opts.role ?? 1,
      enabled: 1,
      email_verified: 1,
      can_provision: opts.canProvision ? 1 : 0,
      is_pre_release: opts.isPreRelease ? 1 : 0,
      organisation_id: null,
      distributor_id: 1,
      last_login: null,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'uuid_id'])
    .executeTakeFirstOrThrow();
  const cookie = await login(app, username, TEST_PASSWORD);
  return { id: row.id, uuid_id: row.uuid_id, username, email, password: TEST_PASSWORD, cookie };
}

/** Sign in and return the Cookie header value to send with later requests. */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const set = res.cookies.find((c) => c.name === 'sid');
  return `sid=${set!.value}`;
}

/** inject() as a signed-in user. */
export function as(app: FastifyInstance, user: { cookie: string }, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: user.cookie } });
}

/** The newest .eml written under the data dir's mail folder for `to`, and the first link in it. */
export function lastMail(dataDir: string, to: string): { text: string; link: string | null } {
  const dir = path.join(dataDir, 'mail');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(to.replace(/[^a-z0-9@._-]/gi, '_'))).sort() : [];
  if (!files.length) throw new Error(`no mail for ${to}`);
  const raw = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8');
  // Quoted-printable soft line breaks and =3D must be undone before reading links.
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return { text, link: text.match(/https?:\/\/[^\s"<]+/)?.[0] ?? null };
}

export function mailCount(dataDir: string): number {
  const dir = path.join(dataDir, 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}
