// Environment configuration, validated once at start-up (DESIGN section 4).
import net from 'node:net';
import path from 'node:path';
import * as v from 'valibot';
import { DEFAULT_POOL_SIZE, DEFAULT_READ_CONCURRENCY, DEFAULT_READ_THREADS, DEFAULT_WRITE_POOL_SIZE } from './db/defaults.js';
import { resolveMediaTool } from './lib/media-tools.js';
import { DEFAULT_LOGIN_ADDRESS_LIMIT } from './features/auth/limits.js';
import { parseSupportOffices, parseWebEditorUrl } from './lib/site-config.js';
import type { SupportOffice } from '../shared/schemas/site.js';

const bool = (fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), fallback ? 'true' : 'false'),
    v.transform((s) => !['false', '0', 'no', 'off', ''].includes(s.toLowerCase())),
  );
const int = (fallback: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.transform(Number), v.integer('must be an integer'), v.minValue(0));

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR blocks. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (DESIGN section 5): off (empty, false, 0) ignores X-Forwarded-For, so no client
 * header can choose the address that limits count against; a hop count trusts that many proxies
 * in front; a comma list trusts only proxies at those addresses or ranges. null when invalid.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const s = value.trim().toLowerCase();
  if (['', 'false', 'off', 'no', '0'].includes(s)) return false;
  if (/^\d+$/.test(s)) return Number(s) <= 10 ? Number(s) : null;
  const entries = s.split(',').map((e) => e.trim()).filter(Boolean);
  return entries.length && entries.every(isProxyAddress) ? entries : null;
}

/** Config.trustProxy as Fastify's option: a hop count becomes the function Fastify builds for one. */
export function fastifyTrustProxy(t: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

const envSchema = v.object({
  PORT: int(3000),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(v.string()),
  SMTP_URL: v.optional(v.string()),
  MAIL_FROM: v.optional(v.string(), 'REALITi Community <no-reply@community.local>'),
  PUBLIC_URL: v.optional(v.string()),
  SESSION_SECRET: v.optional(v.string()),
  SEED_DEMO: bool(true),
  LOG_LEVEL: v.optional(v.string(), 'info'),
  RATE_LIMIT_LOGIN: int(10),
  RATE_LIMIT_LOGIN_ADDRESS: int(DEFAULT_LOGIN_ADDRESS_LIMIT),
  RATE_LIMIT_EMAIL: int(5),
  RATE_LIMIT_WINDOW_MS: int(15 * 60 * 1000),
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), ''),
    v.transform(parseTrustProxy),
    v.check((t) => t !== null, 'must be off, a hop count (1-10), or a comma list of proxy addresses or CIDR ranges'),
  ),
  WEB_EDITOR_URL: v.optional(v.string()),
  SUPPORT_OFFICES: v.optional(v.string()),
  DISTRIBUTOR_PRODUCT_HOST: v.optional(v.string(), 'realiti'),
  JOB_POLL_MS: int(500),
  JOB_LEASE_MS: int(60_000),
  CLIENT_DIR: v.optional(v.string()),
  STRICT_RESPONSES: bool(false),
  FFMPEG_PATH: v.optional(v.string()),
  FFPROBE_PATH: v.optional(v.string()),
  IDEMPOTENCY_LEASE_MS: int(30_000),
  LICENCE_SIGNING_KEY: v.optional(v.string()),
  STORAGE: v.optional(v.picklist(['local', 's3'], "must be 'local' or 's3'"), 'local'),
  S3_ENDPOINT: v.optional(v.string()),
  S3_REGION: v.optional(v.string()),
  S3_BUCKET: v.optional(v.string()),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: bool(false),
  SQLITE_READ_THREADS: int(DEFAULT_READ_THREADS),
  READ_CONCURRENCY: int(DEFAULT_READ_CONCURRENCY),
  DB_POOL_SIZE: int(DEFAULT_POOL_SIZE),
  DB_WRITE_POOL_SIZE: int(DEFAULT_WRITE_POOL_SIZE),
  LIST_CACHE: bool(true),
  DB_CONNECT_TIMEOUT_MS: int(2000),
  DB_QUERY_TIMEOUT_MS: int(2500),
  SHUTDOWN_TIMEOUT_MS: int(10_000),
  METRICS_PORT: int(0),
  METRICS_HOST: v.optional(v.string(), '127.0.0.1'),
  VAPID_PUBLIC_KEY: v.optional(v.string()),
  VAPID_PRIVATE_KEY: v.optional(v.string()),
  VAPID_SUBJECT: v.optional(v.string()),
  PUSH_ALLOW_HTTP: bool(false),
});

/** Where stored files live: the data dir (one server) or an S3-compatible bucket (several servers). */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      /** '' for AWS itself (the region decides the address). */
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** bucket in the path (MinIO and most S3-compatible servers) rather than in the host name. */
      forcePathStyle: boolean;
    };

export const SESSION_SECRET_REQUIRED_MESSAGE =
  'SESSION_SECRET is required when DATABASE_URL is set: every server process must sign sessions and file links the same way. ' +
  'Set the same long random value (e.g. the output of `openssl rand -hex 32`) for every process.';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** For PostgreSQL: a schema to use instead of public (tests run each file in a fresh schema). */
  databaseSchema?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  sessionSecret: string;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Failed sign-ins per account (login) and per address (loginAddress), and e-mail sending calls per
   * address and per target e-mail, each within windowMs (features/auth/limits.ts). loadConfig always
   * sets loginAddress; an override without it gets the default.
   */
  rateLimit: { login: number; loginAddress?: number; email: number; windowMs: number };
  /** Which proxies may name the client in X-Forwarded-For: false (none), a hop count, or addresses. */
  trustProxy: false | number | string[];
  /** The external scenario editor; '' when none (its links are hidden). */
  webEditorUrl: string;
  supportOffices: SupportOffice[];
  distributorProductHost: string;
  /** Serve the built client from clientDir (off in API tests). */
  serveClient: boolean;
  /** The built client (default dist/ of the project). */
  clientDir?: string;
  /** Run the background job worker (tests drive it by hand). */
  runWorker: boolean;
  jobPollMs: number;
  /** A running job's lease: renewed while it runs; after it lapses another process takes the job over. */
  jobLeaseMs: number;
  /**
   * Fail a response whose handler returned a field its schema would drop (tests turn it on, so a
   * contract that lags behind its handler is caught; production serialises without the check).
   */
  strictResponses: boolean;
  /** ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the system binary on PATH, else the packaged one. */
  ffmpegPath: string;
  ffprobePath: string;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /**
   * How long a pending Idempotency-Key stays held without its request renewing it; past that the
   * request is taken for dead (a crash) and the next replay runs it afresh.
   */
  idempotencyLeaseMs: number;
  /** Ed25519 private key (PKCS#8 PEM) that signs licences; else generated once into the data dir. */
  licenceSigningKey?: string;
  storage: StorageConfig;
  /** SQLite: worker threads that run reads off the event loop; 0 runs them on the main thread. */
  sqliteReadThreads: number;
  /** GET handlers running at once in this process (lib/read-turns.ts); writes never wait for a turn. */
  readConcurrency: number;
  /** PostgreSQL: connections this process keeps at most for lone reads. */
  dbPoolSize: number;
  /** PostgreSQL: connections this process keeps at most for writes and transactions. */
  dbWritePoolSize: number;
  /** Keep list totals and pages between requests (lib/list-cache.ts); off, every request reads. */
  listCache: boolean;
  /**
   * PostgreSQL: how long to wait for a connection, and for one query's answer (0: no limit); past
   * either the request is answered 503 (the database is down or silent).
   */
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before the process ends anyway. */
  shutdownTimeoutMs: number;
  /** Prometheus metrics at /metrics on this port (0: off), on metricsHost (loopback by default: never public). */
  metricsPort: number;
  metricsHost: string;
  /**
   * Web Push (VAPID, RFC 8292): the key pair (base64url, as `web-push generate-vapid-keys` prints
   * it), else one generated once into the data dir; the subject push services may contact
   * (mailto: or https:), else the MAIL_FROM address.
   */
  vapid?: { publicKey?: string; privateKey?: string; subject?: string };
  /** Accept push subscriptions whose endpoint is plain http (a local test push service); off: https only. */
  pushAllowHttp?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
    throw new Error(`Invalid configuration ${key}: ${issue.message}`);
  }
  const e = result.output;
  // Several processes on one database must agree on the secret; one generated into a data dir
  // would differ per server.
  if (e.DATABASE_URL && !e.SESSION_SECRET) throw new Error(`Invalid configuration SESSION_SECRET: ${SESSION_SECRET_REQUIRED_MESSAGE}`);
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) throw new Error('Invalid configuration VAPID_PRIVATE_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then generated into the data dir)');
  if (e.VAPID_SUBJECT && !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(e.VAPID_SUBJECT)) throw new Error('Invalid configuration VAPID_SUBJECT: must be a mailto: or https: address');
  let storage: StorageConfig = { driver: 'local' };
  if (e.STORAGE === 's3') {
    if (!e.S3_BUCKET) throw new Error('Invalid configuration S3_BUCKET: required when STORAGE=s3');
    if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
      throw new Error('Invalid configuration S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)');
    }
    if (e.S3_ENDPOINT && !/^https?:\/\/[^/]/.test(e.S3_ENDPOINT)) throw new Error('Invalid configuration S3_ENDPOINT: must be an http(s) address');
    storage = {
      driver: 's3',
      endpoint: e.S3_ENDPOINT ?? '',
      region: e.S3_REGION || 'us-east-1',
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    sessionSecret: e.SESSION_SECRET ?? '',
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    rateLimit: { login: e.RATE_LIMIT_LOGIN, loginAddress: e.RATE_LIMIT_LOGIN_ADDRESS, email: e.RATE_LIMIT_EMAIL, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: e.TRUST_PROXY ?? false,
    sqliteReadThreads: e.SQLITE_READ_THREADS,
    readConcurrency: Math.max(1, e.READ_CONCURRENCY),
    dbPoolSize: Math.max(1, e.DB_POOL_SIZE),
    dbWritePoolSize: Math.max(1, e.DB_WRITE_POOL_SIZE),
    listCache: e.LIST_CACHE,
    webEditorUrl: parseWebEditorUrl(e.WEB_EDITOR_URL),
    supportOffices: parseSupportOffices(e.SUPPORT_OFFICES),
    distributorProductHost: e.DISTRIBUTOR_PRODUCT_HOST,
    serveClient: true,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
    runWorker: true,
    jobPollMs: e.JOB_POLL_MS,
    jobLeaseMs: Math.max(1000, e.JOB_LEASE_MS),
    strictResponses: e.STRICT_RESPONSES,
    ffmpegPath: resolveMediaTool('ffmpeg', e.FFMPEG_PATH || undefined, env.PATH ?? process.env.PATH).path,
    ffprobePath: resolveMediaTool('ffprobe', e.FFPROBE_PATH || undefined, env.PATH ?? process.env.PATH).path,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    licenceSigningKey: e.LICENCE_SIGNING_KEY || undefined,
    storage,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY || undefined, privateKey: e.VAPID_PRIVATE_KEY || undefined, subject: e.VAPID_SUBJECT || undefined },
    pushAllowHttp: e.PUSH_ALLOW_HTTP,
    ...overrides,
  };
}
