// Offline you can trust on a shared iPad: every queued write keeps its author, a sign-out
// made offline reaches the server before anything else, "still in progress" is waited for a bounded
// time, files of queued posts go up through tus from the copy kept on the device and resume where the
// server stopped, and iPadOS 15's missing APIs do not stop sync. On fake-indexeddb, against a fake
// server that honours Idempotency-Key, X-Outbox-User, the session cookie and tus 1.0.
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveQuery } from 'dexie';
import { onlineManager } from '@tanstack/react-query';
import { CHUNK_BYTES, db } from '../../../src/client/offline/db';
import {
  attemptSend,
  enqueue,
  NOT_CONFIRMED_MESSAGE,
  outboxConfig,
  pendingItems,
  replayDue,
  requeue,
  SIGN_IN_AGAIN_MESSAGE,
} from '../../../src/client/offline/outbox-core';
import { countUnsent, sendOrQueue } from '../../../src/client/offline/outbox';
import { beginSignOut, flushSignOut, readSession, setSessionUser } from '../../../src/client/offline/session';
import { keptFileBytes } from '../../../src/client/offline/outbox-files';
import { OUTBOX_OTHER_USER_MESSAGE } from '../../../src/shared/outbox';
import { randomId, timeoutSignal } from '../../../src/client/lib/compat';
import { checkReachability } from '../../../src/client/offline/online';
import { expectSessionAnswer, markSessionKnown } from '../../../src/client/offline/session-known';

const IN_PROGRESS = 'A request with this Idempotency-Key is still in progress';

interface Upload {
  length: number;
  bytes: Uint8Array[];
  offset: number;
  kind: string;
  filename: string;
  user: string;
}

/**
 * A fake server: a cookie session (`session`), posts with Idempotency-Key per user, the
 * X-Outbox-User check, GET /api/me/logout, and tus uploads. `script` answers the next calls.
 */
function fakeServer() {
  const log: string[] = [];
  const posts: { title: string; by: string; refs: string[] }[] = [];
  const keys = new Map<string, { status: number; body: string } | 'pending'>();
  const uploads = new Map<string, Upload>();
  const patchBytes: number[] = [];
  const state = {
    session: 'emma' as string | null,
    down: false,
    /** Answers for the next CreatePost calls: 'pending' (409), '503', 'ok'. */
    script: [] as ('pending' | '503' | 'ok' | 'lose')[],
    /** Cut the next PATCH after this many bytes. */
    cutPatchAfter: null as number | null,
    refuseFinish: null as string | null,
  };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const fetchStub = async (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    log.push(`${method} ${url}`);
    if (state.down) throw new TypeError('Failed to fetch');
    if (url === '/api/me/logout') {
      state.session = null;
      return json(200, { message: 'Signed out' });
    }
    if (!state.session) return json(401, { message: 'Not signed in' });
    const author = headers['X-Outbox-User'];
    if (author !== undefined && author !== state.session) return json(403, { message: OUTBOX_OTHER_USER_MESSAGE });

    if (url === '/uploads/tus' && method === 'POST') {
      const meta = Object.fromEntries(
        headers['Upload-Metadata'].split(',').map((p) => {
          const [k, v] = p.split(' ');
          return [k, Buffer.from(v, 'base64').toString('utf8')];
        }),
      );
      const id = `up${uploads.size + 1}`;
      uploads.set(id, { length: Number(headers['Upload-Length']), bytes: [], offset: 0, kind: meta.kind, filename: meta.filename, user: state.session });
      return json(201, null, { Location: `/uploads/tus/${id}` });
    }
    if (url.startsWith('/uploads/tus/')) {
      const up = uploads.get(url.split('/').pop()!);
      if (!up || up.user !== state.session) return json(404, { message: 'Resource not found' });
      if (method === 'HEAD') return new Response(null, { status: 200, headers: { 'Upload-Offset': String(up.offset), 'Upload-Length': String(up.length) } });
      if (method === 'PATCH') {
        if (Number(headers['Upload-Offset']) !== up.offset) return json(409, { message: 'Upload-Offset mismatch' });
        let data = new Uint8Array(await (init.body as Blob).arrayBuffer());
        let cut = false;
        if (state.cutPatchAfter !== null) {
          data = data.subarray(0, state.cutPatchAfter);
          state.cutPatchAfter = null;
          cut = true;
        }
        patchBytes.push(data.length);
        up.bytes.push(data);
        up.offset += data.length;
        if (cut) throw new TypeError('Network connection lost');
        if (up.offset < up.length) return new Response(null, { status: 204, headers: { 'Upload-Offset': String(up.offset) } });
        if (state.refuseFinish && up.filename === state.refuseFinish) {
          uploads.delete(url.split('/').pop()!);
          return json(415, { message: 'This file is not a valid image or video' });
        }
        return json(200, { uuid_id: `uuid-${up.filename}`, filename: up.filename }, { 'Upload-Offset': String(up.offset) });
      }
    }
    if (url === '/api/posts') {
      const key = headers['Idempotency-Key'];
      const k = `${state.session}:${key}`;
      const mode = state.script.shift() ?? 'ok';
      if (mode === 'pending' || keys.get(k) === 'pending') return json(409, { message: IN_PROGRESS });
      if (mode === '503') return json(503, { message: 'Something went wrong on our side. Please try again.' });
      const stored = keys.get(k);
      if (stored && stored !== 'pending') return new Response(stored.body, { status: stored.status, headers: { 'content-type': 'application/json' } });
      const body = JSON.parse(String(init.body)) as { title: string; mediaUploads?: string[]; scenarioUploads?: string[] };
      const refs = [...(body.scenarioUploads ?? []), ...(body.mediaUploads ?? [])];
      for (const r of refs) {
        const up = uploads.get(r);
        if (!up || up.offset !== up.length || up.user !== state.session) return json(422, { message: 'One of the uploaded files could not be found' });
      }
      posts.push({ title: body.title, by: state.session, refs });
      const text = JSON.stringify({ id: posts.length, title: body.title, by: state.session });
      keys.set(k, { status: 201, body: text });
      if (mode === 'lose') throw new TypeError('Network connection lost');
      return new Response(text, { status: 201, headers: { 'content-type': 'application/json' } });
    }
    return json(404, { message: 'Resource not found' });
  };
  return { log, posts, uploads, patchBytes, state, fetchStub };
}

const post = (title: string) => ({ method: 'POST' as const, url: '/api/posts', json: { title } });

let clock = 1_000_000;
let server: ReturnType<typeof fakeServer>;
const sessionProblems: number[] = [];

beforeEach(async () => {
  await db.outbox.clear();
  await db.outboxFiles.clear();
  await db.device.clear();
  clock = 1_000_000;
  server = fakeServer();
  sessionProblems.length = 0;
  outboxConfig.fetch = server.fetchStub;
  outboxConfig.now = () => clock;
  outboxConfig.random = () => 0.5;
  outboxConfig.onNetworkFailure = () => undefined;
  outboxConfig.onSessionProblem = (s) => sessionProblems.push(s);
  outboxConfig.uploadChunkBytes = CHUNK_BYTES;
  onlineManager.setOnline(true);
  await setSessionUser('emma');
});
afterEach(() => {
  outboxConfig.random = () => Math.random();
});

/** The other person on the iPad signs in: the server's session and the device's view change. */
async function signIn(user: string) {
  server.state.session = user;
  await setSessionUser(user);
}

describe('queued writes belong to their author', () => {
  it('records the author, and another user signed in on the device neither sees nor sends it', async () => {
    server.state.down = true;
    const item = await enqueue('post', 'Post "Airway tips"', post('Airway tips'));
    expect(item.author).toBe('emma');
    // Emma's session ends; Paul signs in on the same iPad; the network is back.
    server.state.down = false;
    await signIn('paul');
    expect(await pendingItems()).toEqual([]);
    expect(await countUnsent()).toBe(0);
    const pass = await replayDue(true);
    expect(pass.sent).toBe(0);
    expect(server.posts).toEqual([]);
    expect(server.log.filter((l) => l.includes('/api/posts'))).toEqual([]);
    // Paul's own post goes, as Paul.
    await enqueue('post', 'Post "Paul"', post('From Paul'));
    await replayDue(true);
    expect(server.posts).toEqual([{ title: 'From Paul', by: 'paul', refs: [] }]);
    // Emma signs in again: her post is hers to see, and goes as hers.
    await signIn('emma');
    expect((await pendingItems()).map((i) => i.label)).toEqual(['Post "Airway tips"']);
    await replayDue(true);
    expect(server.posts.map((p) => `${p.title} by ${p.by}`)).toEqual(['From Paul by paul', 'Airway tips by emma']);
  });

  it('the list the feed and the sync panel show follows new rows and a change of user live', async () => {
    const seen: number[] = [];
    const sub = liveQuery(() => pendingItems()).subscribe({ next: (v) => seen.push(v.length) });
    const settle = () => new Promise((r) => setTimeout(r, 150));
    await settle();
    server.state.down = true;
    await enqueue('post', 'Post "Live"', post('Live'));
    await settle();
    await setSessionUser('paul');
    await settle();
    await setSessionUser('emma');
    await settle();
    sub.unsubscribe();
    expect(seen).toEqual([0, 1, 0, 1]);
  });

  it("is held, not failed, when the session turns out to be someone else's or has ended", async () => {
    const item = await enqueue('post', 'Post "A"', post('A'));
    // The browser's cookie is Paul's, but the device had not learnt it yet.
    server.state.session = 'paul';
    const r = await attemptSend(item.id);
    expect(r).toMatchObject({ result: 'held', status: 403 });
    expect(await db.outbox.get(item.id)).toMatchObject({ state: 'queued', attempts: 0, error: OUTBOX_OTHER_USER_MESSAGE });
    expect(sessionProblems).toEqual([403]);
    expect(server.posts).toEqual([]);

    server.state.session = null;
    expect(await attemptSend(item.id)).toMatchObject({ result: 'held', status: 401 });
    expect(await db.outbox.get(item.id)).toMatchObject({ state: 'queued', error: SIGN_IN_AGAIN_MESSAGE });
    await signIn('emma');
    expect((await replayDue(true)).sent).toBe(1);
    expect(server.posts).toEqual([{ title: 'A', by: 'emma', refs: [] }]);
  });

  it('rows from before authors were recorded go to the first user the server confirms', async () => {
    await db.device.clear();
    await db.outbox.add({ id: 'old', kind: 'post', label: 'Post "Old"', state: 'queued', request: post('Old'), idempotencyKey: randomId(), attempts: 0, nextAttemptAt: 0, createdAt: 0, updatedAt: 0 });
    expect(await pendingItems()).toEqual([]);
    await setSessionUser('emma');
    expect((await db.outbox.get('old'))?.author).toBe('emma');
  });

  it('tells when the device changed hands (another user than the last one), not when the same user signs in again', async () => {
    expect(await setSessionUser(null)).toEqual({ changedHands: false });
    expect(await setSessionUser('emma')).toEqual({ changedHands: false });
    await setSessionUser(null);
    expect(await setSessionUser('paul')).toEqual({ changedHands: true });
    expect(await setSessionUser('paul')).toEqual({ changedHands: false });
  });

  it('cannot be queued with no one signed in', async () => {
    await setSessionUser(null);
    await expect(enqueue('post', 'Post "A"', post('A'))).rejects.toThrow('Sign in to send this');
  });

  it("a write made before the page heard who is signed in waits for the server's answer", async () => {
    await db.device.clear();
    expectSessionAnswer();
    const queued = enqueue('debrief', 'Debrief "Croup"', post('Croup'));
    // The page's first answer about the user comes after the write was asked for.
    await new Promise((r) => setTimeout(r, 20));
    await setSessionUser('emma');
    markSessionKnown();
    expect(await queued).toMatchObject({ author: 'emma', state: 'queued' });
  });

  it('with the answer recorded and nobody signed in, the write is refused', async () => {
    await db.device.clear();
    expectSessionAnswer();
    const queued = enqueue('post', 'Post "A"', post('A'));
    await setSessionUser(null);
    markSessionKnown();
    await expect(queued).rejects.toThrow('Sign in to send this');
  });
});

describe('signing out offline really signs out', () => {
  it('takes effect on the device at once and reaches the server before anything else', async () => {
    server.state.down = true;
    await enqueue('post', 'Post "Kept for later"', post('Kept for later'));
    await beginSignOut();
    expect(await readSession()).toMatchObject({ userId: null, signOutPending: true });
    // Nothing of anyone's is shown or sent while the sign-out waits.
    expect(await pendingItems()).toEqual([]);
    expect((await replayDue(true)).offline).toBe(true);
    expect(await flushSignOut(server.fetchStub)).toBe(false);
    server.log.length = 0;

    // Back online: the logout call is the first request, and nothing goes with the old session.
    server.state.down = false;
    const pass = await replayDue(true);
    expect(pass.sent).toBe(0);
    expect(server.log).toEqual(['GET /api/me/logout']);
    expect(server.state.session).toBeNull();
    expect(await readSession()).toMatchObject({ userId: null, signOutPending: false });
    expect(server.posts).toEqual([]);
  });

  it('sendOrQueue refuses to queue a write while signed out', async () => {
    await beginSignOut();
    await expect(sendOrQueue('post', 'Post "A"', post('A'))).rejects.toThrow('Sign in to send this');
  });
});

describe('nothing stuck: "still in progress" is waited for a bounded time', () => {
  it('a key left pending by a crash is retried with backoff and sent once when the lease lets go', async () => {
    // The server restarted after a crash mid-request: 409 until the key's lease runs out (~30 s).
    server.state.script = ['pending', 'pending', 'pending', 'pending'];
    const item = await enqueue('post', 'Post "After the crash"', post('After the crash'));
    const waits: number[] = [];
    for (let i = 0; i < 10 && (await db.outbox.get(item.id))?.state === 'queued'; i++) {
      await attemptSend(item.id);
      const row = (await db.outbox.get(item.id))!;
      if (row.state === 'queued') {
        waits.push(row.nextAttemptAt - clock);
        clock = row.nextAttemptAt;
      }
    }
    expect(waits).toEqual([1_500, 3_000, 6_000, 12_000]);
    expect((await db.outbox.get(item.id))?.state).toBe('sent');
    expect(server.posts).toHaveLength(1);
  });

  it('past the limit the row is failed with Retry and Discard, never waiting forever', async () => {
    server.state.script = Array(40).fill('pending');
    const item = await enqueue('post', 'Post "Stuck"', post('Stuck'));
    let tries = 0;
    for (; tries < 40 && (await db.outbox.get(item.id))?.state === 'queued'; tries++) {
      await attemptSend(item.id);
      const row = (await db.outbox.get(item.id))!;
      // Never scheduled past the limit.
      expect(row.nextAttemptAt).toBeLessThanOrEqual(1_000_000 + outboxConfig.inProgressLimitMs);
      clock = Math.max(clock, row.nextAttemptAt);
    }
    const row = (await db.outbox.get(item.id))!;
    expect(row).toMatchObject({ state: 'failed', error: NOT_CONFIRMED_MESSAGE });
    expect(clock - 1_000_000).toBe(outboxConfig.inProgressLimitMs);
    expect(tries).toBeLessThan(12);
    // The user's Retry asks again with the same key, with a fresh bound; the server has it now.
    server.state.script = [];
    await requeue(item.id);
    expect((await db.outbox.get(item.id))?.serverWaitSince).toBeUndefined();
    expect((await replayDue()).sent).toBe(1);
    expect(server.posts).toHaveLength(1);
  });

  it('server errors are bounded too, with the server message', async () => {
    server.state.script = Array(60).fill('503');
    const item = await enqueue('post', 'Post "5xx"', post('5xx'));
    for (let i = 0; i < 60 && (await db.outbox.get(item.id))?.state === 'queued'; i++) {
      await attemptSend(item.id);
      clock = Math.max(clock, (await db.outbox.get(item.id))!.nextAttemptAt);
    }
    expect(await db.outbox.get(item.id)).toMatchObject({ state: 'failed', error: 'Something went wrong on our side. Please try again.' });
    expect(clock - 1_000_000).toBe(outboxConfig.serverErrorLimitMs);
  });

  it('a lost network in between starts the bound again (offline is waiting, not stuck)', async () => {
    server.state.script = ['pending'];
    const item = await enqueue('post', 'Post "B"', post('B'));
    await attemptSend(item.id);
    expect((await db.outbox.get(item.id))?.serverWaitSince).toBe(clock);
    server.state.down = true;
    clock += 10_000;
    await attemptSend(item.id);
    expect((await db.outbox.get(item.id))?.serverWaitSince).toBeUndefined();
  });
});

/** Bytes 0..size-1 with a pattern, as a Blob (a picked file). */
function fileOf(size: number, seed = 3): Blob {
  const bytes = new Uint8Array(size).map((_, i) => (i * seed + (i >> 10)) % 251);
  return new Blob([bytes]);
}
/** Compare big byte arrays by digest (an element-wise toEqual of megabytes takes minutes). */
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

describe('files of queued posts go through the resumable upload', () => {
  it('are kept in chunks, uploaded before the post, which then names them; then dropped', async () => {
    outboxConfig.uploadChunkBytes = CHUNK_BYTES / 2;
    const size = CHUNK_BYTES + 1000;
    const file = fileOf(size);
    server.state.down = true;
    const item = await enqueue('post', 'Post "With file"', post('With file'), { files: [{ uploadKind: 'media', file, fileName: 'monitor.png' }] });
    const chunks = await db.outboxFiles.where('fileKey').equals(item.attachments![0].fileKey).sortBy('index');
    expect(chunks.map((c) => c.data.size)).toEqual([CHUNK_BYTES, 1000]);
    expect(await keptFileBytes()).toBe(size);

    server.state.down = false;
    expect((await replayDue(true)).sent).toBe(1);
    // PATCH bodies never larger than the chunk size; the post refers to the finished upload.
    expect(server.patchBytes).toEqual([CHUNK_BYTES / 2, CHUNK_BYTES / 2, 1000]);
    expect(server.posts).toEqual([{ title: 'With file', by: 'emma', refs: ['up1'] }]);
    const stored = concat(server.uploads.get('up1')!.bytes);
    expect(digest(stored)).toBe(digest(new Uint8Array(await file.arrayBuffer())));
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('an upload cut half-way resumes from what the server has, never sending those bytes again', async () => {
    outboxConfig.uploadChunkBytes = 4 * CHUNK_BYTES;
    const size = 2 * CHUNK_BYTES + 777;
    const file = fileOf(size, 5);
    const item = await enqueue('post', 'Post "Cut"', post('Cut'), { files: [{ uploadKind: 'scenario', file, fileName: 'big.json' }] });
    server.state.cutPatchAfter = CHUNK_BYTES + 123;
    const first = await attemptSend(item.id);
    expect(first).toMatchObject({ result: 'retry', network: true });
    const row = (await db.outbox.get(item.id))!;
    expect(row.attachments![0]).toMatchObject({ tusUrl: '/uploads/tus/up1' });
    expect(server.posts).toEqual([]);

    clock = row.nextAttemptAt;
    server.log.length = 0;
    expect((await replayDue()).sent).toBe(1);
    expect(server.log).toEqual(['HEAD /uploads/tus/up1', 'PATCH /uploads/tus/up1', 'POST /api/posts']);
    expect(server.patchBytes).toEqual([CHUNK_BYTES + 123, size - CHUNK_BYTES - 123]);
    expect(server.patchBytes.reduce((a, b) => a + b, 0)).toBe(size);
    expect(digest(concat(server.uploads.get('up1')!.bytes))).toBe(digest(new Uint8Array(await file.arrayBuffer())));
    expect(server.uploads.size).toBe(1);
    expect(server.posts).toEqual([{ title: 'Cut', by: 'emma', refs: ['up1'] }]);
  });

  it('a finished upload whose answer was lost is not sent again', async () => {
    const file = fileOf(3000);
    const item = await enqueue('post', 'Post "Lost answer"', post('Lost answer'), { files: [{ uploadKind: 'media', file, fileName: 'a.png' }] });
    // The post's answer is lost after the server created it.
    server.state.script = ['lose'];
    expect((await attemptSend(item.id)).result).toBe('retry');
    server.log.length = 0;
    clock += 60_000;
    expect((await replayDue()).sent).toBe(1);
    expect(server.log).toEqual(['POST /api/posts']);
    expect(server.posts).toHaveLength(1);
  });

  it('a file the server refuses is left out and reported; the post still goes', async () => {
    server.state.refuseFinish = 'fake.png';
    const item = await enqueue('post', 'Post "Two files"', post('Two files'), {
      files: [
        { uploadKind: 'media', file: fileOf(2000), fileName: 'good.png' },
        { uploadKind: 'media', file: fileOf(1000), fileName: 'fake.png' },
      ],
    });
    const r = await attemptSend(item.id);
    expect(r.result).toBe('sent');
    expect(server.posts).toEqual([{ title: 'Two files', by: 'emma', refs: ['up1'] }]);
    expect((r as { item: { attachments: { fileName: string; refused?: string }[] } }).item.attachments.map((a) => [a.fileName, a.refused ?? null])).toEqual([
      ['good.png', null],
      ['fake.png', 'This file is not a valid image or video'],
    ]);
  });

  it("another user's session never receives the author's file", async () => {
    const item = await enqueue('post', 'Post "Mine"', post('Mine'), { files: [{ uploadKind: 'media', file: fileOf(2000), fileName: 'mine.png' }] });
    server.state.session = 'paul';
    expect(await attemptSend(item.id)).toMatchObject({ result: 'held', status: 403 });
    expect(server.uploads.size).toBe(0);
    expect(server.patchBytes).toEqual([]);
  });

  it('discarding a row drops its kept files', async () => {
    server.state.down = true;
    const item = await enqueue('post', 'Post "Drop"', post('Drop'), { files: [{ uploadKind: 'media', file: fileOf(5000), fileName: 'x.png' }] });
    expect(await db.outboxFiles.count()).toBe(1);
    const { discard } = await import('../../../src/client/offline/outbox-core');
    await discard(item.id);
    expect(await db.outboxFiles.count()).toBe(0);
  });
});

describe('iPadOS 15: no missing API between a trainer and sync', () => {
  const saved = { timeout: (AbortSignal as unknown as { timeout?: unknown }).timeout, uuid: crypto.randomUUID };
  beforeEach(() => {
    delete (AbortSignal as unknown as { timeout?: unknown }).timeout;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  });
  afterEach(() => {
    (AbortSignal as unknown as { timeout?: unknown }).timeout = saved.timeout;
    Object.defineProperty(crypto, 'randomUUID', { value: saved.uuid, configurable: true });
  });

  it('ids and timeouts fall back, and a reachability check and a replay still work', async () => {
    expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const signal = timeoutSignal(10);
    await new Promise((r) => setTimeout(r, 30));
    expect(signal.aborted).toBe(true);

    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    try {
      expect(await checkReachability()).toBe(true);
    } finally {
      globalThis.fetch = realFetch;
    }
    const item = await enqueue('post', 'Post "iPad"', post('On iPadOS 15'));
    expect(item.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await replayDue(true)).sent).toBe(1);
  });
});
