// The outbox state machine and replay loop on fake-indexeddb, against a fake server that
// honours Idempotency-Key the way src/server/plugins/idempotency.ts does.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/client/offline/db';
import {
  attemptSend,
  backoffDelay,
  enqueue,
  outboxConfig,
  pendingItems,
  replayDue,
  requeue,
  discard,
  tidyOutbox,
} from '../../../src/client/offline/outbox-core';
import { sendOrQueue, retryOutboxItem, countUnsent, clearOutbox } from '../../../src/client/offline/outbox';
import { ApiError } from '../../../src/client/lib/api';
import { onlineManager } from '@tanstack/react-query';
import { setSessionUser } from '../../../src/client/offline/session';

type Mode = 'ok' | 'down' | 'lose-response' | '503' | '429' | '408' | '422' | '409-progress';

/** A fake API: POST /api/posts creates a post unless the Idempotency-Key was seen (then replays). */
function fakeServer() {
  const posts: { id: number; title: string }[] = [];
  const byKey = new Map<string, { status: number; body: string }>();
  const keysSeen: string[] = [];
  let modes: Mode[] = [];
  let fallback: Mode = 'ok';
  const fetchStub = async (url: string, init: RequestInit): Promise<Response> => {
    const mode = modes.shift() ?? fallback;
    if (mode === 'down') throw new TypeError('Failed to fetch');
    const key = (init.headers as Record<string, string>)['Idempotency-Key'];
    keysSeen.push(key);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (mode === '503') return json(503, { message: 'Service unavailable' });
    if (mode === '429') return json(429, { message: 'Too many requests' });
    if (mode === '408') return json(408, { message: 'Request timeout' });
    if (mode === '409-progress') return json(409, { message: 'A request with this Idempotency-Key is still in progress' });
    if (mode === '422') return json(422, { message: 'Title is required' });
    expect(url).toBe('/api/posts');
    const stored = byKey.get(key);
    let res: Response;
    if (stored) res = new Response(stored.body, { status: stored.status, headers: { 'content-type': 'application/json' } });
    else {
      const body = JSON.parse(String(init.body)) as { title: string };
      const post = { id: posts.length + 1, title: body.title };
      posts.push(post);
      const text = JSON.stringify(post);
      byKey.set(key, { status: 201, body: text });
      res = new Response(text, { status: 201, headers: { 'content-type': 'application/json' } });
    }
    // The server committed; the response never reaches the client.
    if (mode === 'lose-response') throw new TypeError('Network connection lost');
    return res;
  };
  return {
    posts,
    keysSeen,
    fetchStub,
    queue: (...m: Mode[]) => void (modes = m),
    always: (m: Mode) => void (fallback = m),
  };
}

const post = (title: string) => ({ method: 'POST' as const, url: '/api/posts', json: { title, text: 'hello' } });

let clock = 1_000_000;
let server: ReturnType<typeof fakeServer>;

beforeEach(async () => {
  await db.outbox.clear();
  await db.device.clear();
  await setSessionUser('user-a');
  clock = 1_000_000;
  server = fakeServer();
  outboxConfig.fetch = server.fetchStub;
  outboxConfig.now = () => clock;
  outboxConfig.random = () => 0.5;
  // The page re-checks reachability after a network failure; here the stub server is the network.
  outboxConfig.onNetworkFailure = () => undefined;
  onlineManager.setOnline(true);
});
afterEach(() => {
  outboxConfig.random = () => Math.random();
});

describe('backoff', () => {
  it('doubles per attempt with jitter and is capped', () => {
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(2, () => 1)).toBe(4_000);
    expect(backoffDelay(3, () => 0.5)).toBe(6_000);
    expect(backoffDelay(30, () => 1)).toBe(5 * 60_000);
    expect(backoffDelay(30, () => 0)).toBe(2.5 * 60_000);
  });
});

describe('state machine', () => {
  it('a queued item that is sent becomes sent with the server response', async () => {
    const item = await enqueue('post', 'Post "A"', post('A'));
    expect(item.state).toBe('queued');
    expect(item.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const r = await attemptSend(item.id);
    expect(r.result).toBe('sent');
    const row = await db.outbox.get(item.id);
    expect(row?.state).toBe('sent');
    expect(row?.response).toEqual({ id: 1, title: 'A' });
    expect(await pendingItems()).toEqual([]);
  });

  it('a network failure keeps it queued with attempts and a backoff', async () => {
    server.always('down');
    const item = await enqueue('post', 'Post "A"', post('A'));
    const r = await attemptSend(item.id);
    expect(r.result).toBe('retry');
    const row = await db.outbox.get(item.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: clock + 1_500, error: 'Waiting for the network' });
    await attemptSend(item.id);
    expect(await db.outbox.get(item.id)).toMatchObject({ attempts: 2, nextAttemptAt: clock + 3_000 });
  });

  it.each(['503', '429', '408', '409-progress'] as const)('a %s answer keeps it queued for another try', async (mode) => {
    server.queue(mode);
    const item = await enqueue('post', 'Post "A"', post('A'));
    expect((await attemptSend(item.id)).result).toBe('retry');
    expect((await db.outbox.get(item.id))?.state).toBe('queued');
    clock += 10_000;
    expect((await replayDue()).sent).toBe(1);
    expect(server.posts).toHaveLength(1);
  });

  it('a 4xx refusal stops retrying and keeps the server message until Retry or Discard', async () => {
    server.queue('422');
    const item = await enqueue('post', 'Post "A"', post('A'));
    const r = await attemptSend(item.id);
    expect(r).toMatchObject({ result: 'refused', status: 422, message: 'Title is required' });
    expect(await db.outbox.get(item.id)).toMatchObject({ state: 'failed', error: 'Title is required' });
    clock += 3_600_000;
    const pass = await replayDue(true);
    expect(pass.sent + pass.retry + pass.refused).toBe(0);
    expect(server.keysSeen).toHaveLength(1);
    // Still listed for the user: nothing is lost silently.
    expect((await pendingItems()).map((i) => i.state)).toEqual(['failed']);
    await requeue(item.id);
    expect((await db.outbox.get(item.id))?.state).toBe('queued');
    expect((await replayDue()).sent).toBe(1);
    const second = await enqueue('post', 'Post "B"', post('B'));
    server.queue('422');
    await attemptSend(second.id);
    await discard(second.id);
    expect(await db.outbox.get(second.id)).toBeUndefined();
  });

  it('an item already being sent is not sent twice', async () => {
    const item = await enqueue('post', 'Post "A"', post('A'));
    const [a, b] = await Promise.all([attemptSend(item.id), attemptSend(item.id)]);
    expect([a.result, b.result].sort()).toEqual(['sent', 'skipped']);
    expect(server.posts).toHaveLength(1);
  });

  it('a row left sending by a closed tab is queued again after a while', async () => {
    const item = await enqueue('post', 'Post "A"', post('A'));
    await db.outbox.update(item.id, { state: 'sending', sendingSince: clock });
    await tidyOutbox();
    expect((await db.outbox.get(item.id))?.state).toBe('sending');
    clock += outboxConfig.staleSendingMs + 1;
    await tidyOutbox();
    expect((await db.outbox.get(item.id))?.state).toBe('queued');
  });
});

/** Web Locks as one browser keeps them: exclusive, named, released when the callback settles. */
function fakeLocks() {
  const held = new Set<string>();
  const locks = {
    async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: { name: string } | null) => unknown) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        throw new Error('this fake only grants free locks');
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name, mode: 'exclusive' as const })), pending: [] };
    },
  };
  return locks as unknown as NonNullable<typeof outboxConfig.locks>;
}

describe('with Web Locks (a page that went away mid-request)', () => {
  afterEach(() => {
    outboxConfig.locks = null;
  });

  it('a row left sending by a page that was reloaded mid-request is queued again at once, and sent once', async () => {
    outboxConfig.locks = fakeLocks();
    const item = await enqueue('post', 'Post "A"', post('A'));
    // The sender's page went away: the row says sending, but nobody holds its lock.
    await db.outbox.update(item.id, { state: 'sending', sendingSince: clock });
    await tidyOutbox();
    expect((await db.outbox.get(item.id))?.state).toBe('queued');
    expect((await replayDue()).sent).toBe(1);
    expect(server.posts.map((p) => p.title)).toEqual(['A']);
  });

  it('a row whose sender is still at work is left to it, and its answer is not overwritten', async () => {
    outboxConfig.locks = fakeLocks();
    const item = await enqueue('post', 'Post "A"', post('A'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const plainFetch = server.fetchStub;
    outboxConfig.fetch = async (url, init) => {
      await gate;
      return plainFetch(url, init);
    };
    const sending = attemptSend(item.id);
    await expect.poll(async () => (await db.outbox.get(item.id))?.state).toBe('sending');
    clock += outboxConfig.staleSendingMs + 1;
    await tidyOutbox();
    expect((await db.outbox.get(item.id))?.state).toBe('sending');
    // A second loop (another tab) does not send it meanwhile.
    expect((await attemptSend(item.id)).result).toBe('skipped');
    release();
    expect((await sending).result).toBe('sent');
    await tidyOutbox();
    expect((await db.outbox.get(item.id))?.state).toBe('sent');
    expect(server.posts).toHaveLength(1);
  });
});

describe('replay', () => {
  it('sends the same Idempotency-Key on every attempt', async () => {
    server.queue('down', '503', 'down');
    const item = await enqueue('post', 'Post "A"', post('A'));
    for (let i = 0; i < 4; i++) {
      await replayDue(true);
    }
    expect(server.keysSeen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(server.keysSeen)).toEqual(new Set([item.idempotencyKey]));
    expect(server.posts).toHaveLength(1);
  });

  it('a response lost after the server committed still yields one post', async () => {
    server.queue('lose-response');
    const r = await sendOrQueue('post', 'Post "A"', post('A'));
    expect(r.status).toBe('queued');
    expect(server.posts).toHaveLength(1);
    clock += 10_000;
    const pass = await replayDue();
    expect(pass.sent).toBe(1);
    expect(server.posts).toHaveLength(1);
    expect(server.keysSeen).toHaveLength(2);
    expect(server.keysSeen[0]).toBe(server.keysSeen[1]);
    expect(await countUnsent()).toBe(0);
  });

  it('leaves items alone until their backoff is over', async () => {
    server.queue('down');
    const item = await enqueue('post', 'Post "A"', post('A'));
    await replayDue();
    expect((await replayDue()).sent).toBe(0);
    clock = (await db.outbox.get(item.id))!.nextAttemptAt;
    expect((await replayDue()).sent).toBe(1);
  });

  it('stops a pass at the first network failure and sends items oldest first later', async () => {
    const a = await enqueue('post', 'Post "A"', post('A'));
    clock += 1;
    await enqueue('post', 'Post "B"', post('B'));
    server.queue('down');
    const pass = await replayDue();
    expect(pass).toMatchObject({ offline: true, retry: 1, sent: 0 });
    expect(server.keysSeen).toHaveLength(0);
    expect((await db.outbox.get(a.id))?.attempts).toBe(1);
    const next = await replayDue(true);
    expect(next.sent).toBe(2);
    expect(server.posts.map((p) => p.title)).toEqual(['A', 'B']);
  });

  it('random drops and lost responses still give exactly one post per queued item', async () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const modes: Mode[] = ['ok', 'down', 'lose-response', '503'];
    const base = server.fetchStub;
    outboxConfig.fetch = (url, init) => {
      server.queue(modes[Math.floor(rnd() * modes.length)]);
      return base(url, init);
    };
    for (let i = 0; i < 8; i++) await enqueue('post', `Post ${i}`, post(`P${i}`));
    for (let round = 0; round < 60 && (await countUnsent()) > 0; round++) {
      await replayDue(true);
    }
    expect(await countUnsent()).toBe(0);
    expect(server.posts.map((p) => p.title).sort()).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']);
  });

  it('uploads are left to the upload panel', async () => {
    await enqueue('upload', 'a.isims', { method: 'POST', url: '/uploads/tus' });
    expect((await replayDue(true)).sent).toBe(0);
    expect(server.keysSeen).toHaveLength(0);
  });
});

describe('sendOrQueue', () => {
  it('sends right away when the server answers', async () => {
    const r = await sendOrQueue('post', 'Post "A"', post('A'));
    expect(r).toMatchObject({ status: 'sent', response: { id: 1, title: 'A' } });
    expect(await countUnsent()).toBe(0);
  });

  it('queues on a network failure and replays later', async () => {
    server.queue('down');
    const r = await sendOrQueue('post', 'Post "A"', post('A'), { meta: { text: 'hello' } });
    expect(r.status).toBe('queued');
    const [row] = await pendingItems('post');
    expect(row).toMatchObject({ state: 'queued', label: 'Post "A"', meta: { text: 'hello' } });
    expect(await retryOutboxItem(row.id)).toBeUndefined();
    expect(server.posts).toHaveLength(1);
  });

  it('rejects with the server message on a 4xx and keeps nothing queued', async () => {
    server.queue('422');
    await expect(sendOrQueue('post', 'Post "A"', post(''))).rejects.toEqual(new ApiError(422, 'Title is required'));
    expect(await countUnsent()).toBe(0);
  });

  it('queues without trying while the server is unreachable', async () => {
    onlineManager.setOnline(false);
    const r = await sendOrQueue('post', 'Post "A"', post('A'));
    expect(r.status).toBe('queued');
    expect(server.keysSeen).toHaveLength(0);
    onlineManager.setOnline(true);
    expect((await replayDue()).sent).toBe(1);
  });

  it('clearOutbox forgets everything', async () => {
    server.always('down');
    await sendOrQueue('post', 'Post "A"', post('A'));
    await clearOutbox();
    expect(await countUnsent()).toBe(0);
  });
});
