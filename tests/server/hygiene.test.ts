// Server hygiene (issue "Server trust", Hygiene): ffmpeg/ffprobe without a system install, a
// missing tool is an infrastructure error (retried, logged, never 'could not be read'), scheduled
// purging of rows that only grow, tokens kept out of request logs, request ids, and no shared
// caching of a signed-in user's JSON.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers';
import { loadConfig } from '../../src/server/config';
import { ensureExecutable, packagedTool, resolveMediaTool, runTool } from '../../src/server/lib/media-tools';
import { PROCESSING_FAILED_IMAGE, PROCESSING_FAILED_VIDEO } from '../../src/server/features/media/processing';
import { signFileUrl } from '../../src/server/storage/signed-url';

const FIXTURES = path.resolve('src/server/db/seed/fixtures/media');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

function multipart(filename: string, data: Buffer) {
  const boundary = `----hygiene${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mediaFiles"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  [k: string]: unknown;
}

describe('ffmpeg and ffprobe resolution', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'media-tools-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('uses the packaged binaries when none is on PATH, and they run', async () => {
    const emptyDir = path.join(tmp, 'empty');
    fs.mkdirSync(emptyDir);
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const resolved = resolveMediaTool(tool, undefined, emptyDir);
      expect(resolved.source).toBe('packaged');
      expect(resolved.path).toBe(packagedTool(tool));
      expect(resolved.path).toContain(path.join('node_modules', `@${tool}-installer`));
      const { stdout } = await runTool(tool, resolved.path, ['-version'], { timeout: 30_000 });
      expect(stdout).toContain(`${tool} version`);
      // Executable by everyone after its first use, whatever mode the package was unpacked with.
      expect(fs.statSync(resolved.path).mode & 0o111).toBe(0o111);
    }
    // With no PATH in the given environment, the server's own PATH is searched (then the package).
    const config = loadConfig({ DATA_DIR: tmp, PATH: emptyDir });
    expect(config.ffmpegPath).toBe(packagedTool('ffmpeg'));
    expect(config.ffprobePath).toBe(packagedTool('ffprobe'));
  });

  it('prefers a system binary on PATH, and FFMPEG_PATH / FFPROBE_PATH over both', () => {
    const bin = path.join(tmp, 'bin');
    fs.mkdirSync(bin);
    for (const tool of ['ffmpeg', 'ffprobe']) fs.writeFileSync(path.join(bin, tool), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    // A non-executable file of that name is not a usable system binary.
    const notExec = path.join(tmp, 'noexec');
    fs.mkdirSync(notExec);
    fs.writeFileSync(path.join(notExec, 'ffmpeg'), 'not a program', { mode: 0o644 });

    expect(resolveMediaTool('ffmpeg', undefined, `${notExec}${path.delimiter}${bin}`)).toEqual({ path: path.join(bin, 'ffmpeg'), source: 'system' });
    const config = loadConfig({ DATA_DIR: tmp, PATH: bin });
    expect(config.ffmpegPath).toBe(path.join(bin, 'ffmpeg'));
    expect(config.ffprobePath).toBe(path.join(bin, 'ffprobe'));
    const overridden = loadConfig({ DATA_DIR: tmp, PATH: bin, FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' });
    expect(overridden.ffmpegPath).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(overridden.ffprobePath).toBe('/opt/ffmpeg/bin/ffprobe');
  });

  it('gives a binary unpacked without execute bits those bits', () => {
    const file = path.join(tmp, 'unpacked-ffprobe');
    fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    ensureExecutable(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);
  });
});

describe.each(dbKinds)('hygiene on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  const lines: LogLine[] = [];
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };

  beforeAll(async () => {
    t = await buildTestApp(kind, { logLevel: 'info', logStream });
    owner = await createUser(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  describe('a missing media tool', () => {
    const realFfprobe = () => loadConfig({ DATA_DIR: t.dataDir }).ffprobePath;
    const realFfmpeg = () => loadConfig({ DATA_DIR: t.dataDir }).ffmpegPath;
    afterAll(() => {
      t.app.config.ffprobePath = realFfprobe();
      t.app.config.ffmpegPath = realFfmpeg();
    });

    async function uploadOne(filename: string, data: Buffer): Promise<{ id: number; uuid: string }> {
      const form = multipart(filename, data);
      const res = await as(t.app, owner, { method: 'POST', url: '/api/media/upload', payload: form.payload, headers: form.headers });
      expect(res.statusCode, res.body).toBe(200);
      const uuid: string = res.json().successes[0].uuid_id;
      return { id: (await item(uuid)).id, uuid };
    }
    const item = async (uuid: string) => (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${uuid}` })).json();
    const jobOf = (mediaId: number) =>
      t.app.db.selectFrom('jobs').selectAll().where('type', '=', 'media.process').where('payload', 'like', `%"mediaId":${mediaId}}%`).executeTakeFirstOrThrow();

    it('FFPROBE_PATH pointing at no binary: the video waits and is retried, the owner never sees "could not be read"', async () => {
      const missing = path.join(t.dataDir, 'no-such-dir', 'ffprobe');
      t.app.config.ffprobePath = loadConfig({ DATA_DIR: t.dataDir, FFPROBE_PATH: missing }).ffprobePath;
      const { id, uuid } = await uploadOne('cpr-demo.mp4', fixture('cpr-demo.mp4'));
      const before = Date.now();
      await t.app.jobs.drain();

      const waiting = await item(uuid);
      expect(waiting.is_processed).toBe(false);
      expect(waiting.processing_error).toBeNull();
      const job = await jobOf(id);
      expect(job.state).toBe('queued');
      expect(job.attempts).toBe(1);
      expect(Date.parse(job.run_after)).toBeGreaterThanOrEqual(before + 25_000);
      expect(job.last_error).toBe(`media ${id}: ${missing} could not be started (ENOENT); processing will be retried`);
      const logged = lines.find((l) => l.msg.startsWith('job postponed'));
      expect(logged?.msg).toBe(`job postponed: media ${id}: ${missing} could not be started (ENOENT); processing will be retried`);
      expect(logged?.level).toBe(40);
      expect(lines.some((l) => l.msg === 'media processing failed')).toBe(false);

      // The operator fixes the path: the next run processes the video.
      t.app.config.ffprobePath = realFfprobe();
      await t.app.jobs.drain();
      const done = await item(uuid);
      expect(done.is_processed).toBe(true);
      expect(done.processing_error).toBeNull();
      expect(done.duration_in_seconds).toBe(2);
      expect((await jobOf(id)).state).toBe('done');
    });

    it('FFMPEG_PATH pointing at a file that is not executable: the BMP waits too (EACCES)', async () => {
      const notExec = path.join(t.dataDir, 'ffmpeg-not-executable');
      fs.writeFileSync(notExec, 'not a program', { mode: 0o644 });
      t.app.config.ffmpegPath = notExec;
      const { id, uuid } = await uploadOne('ward-plan.bmp', fixture('ward-plan.bmp'));
      await t.app.jobs.drain();
      const waiting = await item(uuid);
      expect(waiting.is_processed).toBe(false);
      expect(waiting.processing_error).toBeNull();
      expect((await jobOf(id)).last_error).toBe(`media ${id}: ${notExec} could not be started (EACCES); processing will be retried`);
      // An operator's own file is never chmod-ed behind their back.
      expect(fs.statSync(notExec).mode & 0o111).toBe(0);

      t.app.config.ffmpegPath = realFfmpeg();
      await t.app.jobs.drain();
      const done = await item(uuid);
      expect(done.is_processed).toBe(true);
      expect(done.file_name).toBe('ward-plan.png');
    });

    it('a broken file with the tools present is still reported to the owner', async () => {
      const { uuid } = await uploadOne('broken.mp4', Buffer.concat([fixture('cpr-demo.mp4').subarray(0, 64), Buffer.alloc(4096, 7)]));
      await t.app.jobs.drain();
      const broken = await item(uuid);
      expect(broken.processing_error, JSON.stringify(broken)).toBe(PROCESSING_FAILED_VIDEO);
      expect(PROCESSING_FAILED_IMAGE).toContain('could not be read');
    });
  });

  describe('scheduled purge', () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    const hoursAhead = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

    it('the worker purges expired sessions, day-old idempotency keys, used or expired e-mail links and old finished jobs; fresh rows stay', async () => {
      const db = t.app.db;
      await db.deleteFrom('jobs').execute();
      await db
        .insertInto('sessions')
        .values([
          { token_hash: 'expired-session', user_id: owner.id, created_at: hoursAgo(31 * 24), expires_at: hoursAgo(1) },
          { token_hash: 'fresh-session', user_id: owner.id, created_at: hoursAgo(1), expires_at: hoursAhead(24) },
        ])
        .execute();
      const key = (k: string, created: string) => ({ key: k, user_id: owner.id, route: 'POST /api/x', body_hash: '', state: 'done' as const, status_code: 200, response_body: '{}', created_at: created });
      await db
        .insertInto('idempotency_keys')
        .values([key(crypto.randomUUID(), hoursAgo(25)), key('fresh-key', hoursAgo(1))])
        .execute();
      const token = (h: string, expires: string, used: string | null) => ({ token_hash: h, user_id: owner.id, purpose: 'verify' as const, created_at: hoursAgo(2), expires_at: expires, used_at: used });
      await db
        .insertInto('email_tokens')
        .values([token('used-token', hoursAhead(20), hoursAgo(1)), token('expired-token', hoursAgo(1), null), token('fresh-token', hoursAhead(20), null)])
        .execute();
      const job = (type: string, state: 'queued' | 'done' | 'failed', finished: string) => ({
        type, payload: '{}', state, attempts: 1, run_after: finished, locked_at: null, last_error: null, created_at: finished,
      });
      await db
        .insertInto('jobs')
        .values([
          job('old-done', 'done', hoursAgo(8 * 24)),
          job('recent-done', 'done', hoursAgo(6 * 24)),
          job('old-failed', 'failed', hoursAgo(31 * 24)),
          job('recent-failed', 'failed', hoursAgo(8 * 24)),
          // Waiting for tomorrow: never purged, and not run by the worker during this test.
          job('waiting', 'queued', hoursAhead(24)),
        ])
        .execute();

      await db
        .insertInto('rate_limits')
        .values([
          { key: 'route:GET /api/x:192.0.2.1', window_start: hoursAgo(8 * 24), hits: 3 },
          { key: 'route:GET /api/x:192.0.2.2', window_start: hoursAgo(1), hits: 3 },
        ])
        .execute();

      t.app.jobs.start(60_000);
      try {
        await vi.waitFor(() => expect(lines.find((l) => l.msg === 'purged expired rows')).toBeDefined(), { timeout: 10_000, interval: 20 });
      } finally {
        await t.app.jobs.stop();
      }
      const purged = lines.find((l) => l.msg === 'purged expired rows');
      expect(purged?.purged).toEqual({ sessions: 1, idempotencyKeys: 1, emailTokens: 2, jobs: 2, rateLimits: 1 });
      const counters = await db.selectFrom('rate_limits').select('key').where('key', 'like', 'route:GET /api/x:%').execute();
      expect(counters.map((c) => c.key)).toEqual(['route:GET /api/x:192.0.2.2']);

      const sessions = await db.selectFrom('sessions').select('token_hash').where('user_id', '=', owner.id).execute();
      expect(sessions.map((s) => s.token_hash)).not.toContain('expired-session');
      expect(sessions.map((s) => s.token_hash)).toContain('fresh-session');
      expect(sessions).toHaveLength(2); // the fresh one and the owner's own sign-in
      const keys = await db.selectFrom('idempotency_keys').select('key').execute();
      expect(keys.map((k) => k.key)).toEqual(['fresh-key']);
      const tokens = await db.selectFrom('email_tokens').select('token_hash').execute();
      expect(tokens.map((k) => k.token_hash)).toEqual(['fresh-token']);
      const jobs = await db.selectFrom('jobs').select('type').orderBy('type').execute();
      expect(jobs.map((j) => j.type)).toEqual(['recent-done', 'recent-failed', 'waiting']);

      // The owner is still signed in.
      expect((await as(t.app, owner, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    });
  });

  describe('request logs, request ids and caching', () => {
    const requestLines = (id: string) => lines.filter((l) => l.reqId === id);

    it('keeps e-mail link tokens and file signatures out of the request log', async () => {
      const secret = crypto.randomBytes(16).toString('hex');
      const verify = await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${secret}` });
      const page = await t.app.inject({ method: 'GET', url: `/emailverified/${secret}` });
      const reset = await t.app.inject({ method: 'GET', url: `/password-update?lang=en&token=${secret}` });
      const signed = signFileUrl(t.app.config.sessionSecret, 'media/none/full.png', { fileName: 'full.png' });
      const sig = new URL(signed, 'http://x').searchParams.get('sig')!;
      const file = await t.app.inject({ method: 'GET', url: signed });

      const all = lines.map((l) => JSON.stringify(l)).join('\n');
      expect(all).not.toContain(secret);
      expect(all).not.toContain(sig);
      const urlOf = (res: { headers: Record<string, unknown> }) =>
        requestLines(String(res.headers['x-request-id'])).find((l) => l.msg === 'incoming request')?.req?.url;
      expect(urlOf(verify)).toBe('/api/users/VerifyEmail?token=[redacted]');
      expect(urlOf(page)).toBe('/emailverified/[redacted]');
      expect(urlOf(reset)).toBe('/password-update?lang=en&token=[redacted]');
      expect(urlOf(file)).toMatch(/^\/api\/files\/media\/none\/full\.png\?exp=\d+&disp=attachment&name=full\.png&sig=\[redacted\]$/);
    });

    it('takes a well-formed X-Request-Id, echoes it and logs with it; anything else gets a fresh id', async () => {
      const given = 'client-req.0042_abc';
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toBe(given);
      expect(requestLines(given).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

      for (const bad of ['short', 'has space in it', 'x'.repeat(129), 'semi;colon-12345', '']) {
        const r = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
        const id = r.headers['x-request-id'];
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(requestLines(String(id))).toHaveLength(2);
      }
      const a = await t.app.inject({ method: 'GET', url: '/api/health' });
      const b = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(b.statusCode).toBe(404);
      expect(a.headers['x-request-id']).toBeTruthy();
      expect(b.headers['x-request-id']).toBeTruthy();
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it('marks a signed-in user\'s JSON private, no-cache; anonymous JSON and files keep their own policy', async () => {
      const me = await as(t.app, owner, { method: 'GET', url: '/api/users/me' });
      expect(me.statusCode).toBe(200);
      expect(me.headers['cache-control']).toBe('private, no-cache');
      const missing = await as(t.app, owner, { method: 'GET', url: '/api/media/MediaItem/00000000-0000-4000-8000-000000000000' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('private, no-cache');

      const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(anonymous.headers['cache-control']).toBeUndefined();

      const form = multipart('cpr-demo.mp4', fixture('cpr-demo.mp4'));
      const up = await as(t.app, owner, { method: 'POST', url: '/api/media/upload', payload: form.payload, headers: form.headers });
      await t.app.jobs.drain();
      const item = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${up.json().successes[0].uuid_id}` })).json();
      const thumb = await as(t.app, owner, { method: 'GET', url: item.signed_thumb_url });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['cache-control']).toBe('private, max-age=3600');
    });
  });
});
