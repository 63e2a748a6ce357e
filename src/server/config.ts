// Environment configuration, validated once at start-up (DESIGN section 4).
import path from 'node:path';
import * as v from 'valibot';
import { resolveMediaTool } from './lib/media-tools.js';
import { parseSupportOffices, parseWebEditorUrl } from './lib/site-config.js';
import type { SupportOffice } from '../shared/schemas/site.js';

const bool = (fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), fallback ? 'true' : 'false'),
    v.transform((s) => !['false', '0', 'no', 'off', ''].includes(s.toLowerCase())),
  );
const int = (fallback: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.transform(Number), v.integer('must be an integer'), v.minValue(0));

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
  RATE_LIMIT_EMAIL: int(5),
  RATE_LIMIT_WINDOW_MS: int(15 * 60 * 1000),
  WEB_EDITOR_URL: v.optional(v.string()),
  SUPPORT_OFFICES: v.optional(v.string()),
  DISTRIBUTOR_PRODUCT_HOST: v.optional(v.string(), 'realiti'),
  JOB_POLL_MS: int(500),
  CLIENT_DIR: v.optional(v.string()),
  STRICT_RESPONSES: bool(false),
  FFMPEG_PATH: v.optional(v.string()),
  FFPROBE_PATH: v.optional(v.string()),
});

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
  rateLimit: { login: number; email: number; windowMs: number };
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
    throw new Error(`Invalid configuration ${key}: ${issue.message}`);
  }
  const e = result.output;
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
    rateLimit: { login: e.RATE_LIMIT_LOGIN, email: e.RATE_LIMIT_EMAIL, windowMs: e.RATE_LIMIT_WINDOW_MS },
    webEditorUrl: parseWebEditorUrl(e.WEB_EDITOR_URL),
    supportOffices: parseSupportOffices(e.SUPPORT_OFFICES),
    distributorProductHost: e.DISTRIBUTOR_PRODUCT_HOST,
    serveClient: true,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
    runWorker: true,
    jobPollMs: e.JOB_POLL_MS,
    strictResponses: e.STRICT_RESPONSES,
    ffmpegPath: resolveMediaTool('ffmpeg', e.FFMPEG_PATH || undefined, env.PATH ?? process.env.PATH).path,
    ffprobePath: resolveMediaTool('ffprobe', e.FFPROBE_PATH || undefined, env.PATH ?? process.env.PATH).path,
    ...overrides,
  };
}
