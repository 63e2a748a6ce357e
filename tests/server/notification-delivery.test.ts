// Notification delivery: grouping in the list, per-kind settings (off creates nothing), Web Push
// to a push service run by this test (the message is decrypted here: aes128gcm with a real P-256
// key pair, like a browser's), removal of subscriptions the push service calls gone (410), and the
// e-mail digest (only unread items of digest kinds, in the recipient's language, one-click
// unsubscribe without signing in).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ece from 'http_ece';
import { Role } from '../../src/shared/enums.js';
import { notifyUser, notifyUsers } from '../../src/server/lib/notifications.js';
import { as, buildTestApp, createUser, dbKinds, mailCount, type TestApp, type TestUser } from './helpers.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A tiny push service: records each message; /gone/* answers 410 like a dropped subscription. */
async function startPushService() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A browser-side subscription: a P-256 key pair and an auth secret, as PushManager makes them. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

type Item = { id: number; name: string; description: string; message_key: string | null; message_params: Record<string, string | number>; kind: string; has_read: boolean; count: number; actors: string[]; actor_count: number };
const list = async (t: TestApp, u: TestUser) => (await as(t.app, u, { method: 'GET', url: '/api/Notification' })).json() as { notifications: Item[]; unread: number; nextCursor: string | null };

describe.each(dbKinds)('notification delivery (%s)', (kind) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let emma: TestUser;
  let admin: TestUser;
  let sam: TestUser;
  let kim: TestUser;
  let lee: TestUser;

  beforeAll(async () => {
    push = await startPushService();
    t = await buildTestApp(kind, { pushAllowHttp: true });
    emma = await createUser(t.app, { firstName: 'Emma' });
    admin = await createUser(t.app, { role: Role.User | Role.Admin });
    sam = await createUser(t.app, { firstName: 'Sam', lastName: 'Stone' });
    kim = await createUser(t.app, { firstName: 'Kim', lastName: 'Kerr' });
    lee = await createUser(t.app, { firstName: 'Lee', lastName: 'Lane' });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('lists unread notifications of one kind and subject as one, and marking it read marks them all', async () => {
    const u = await createUser(t.app);
    await notifyUser(t.app.db, u.id, { message: { key: 'welcome', params: {} }, link: '/feed' });
    for (const actor of [sam, kim, lee, kim]) {
      await new Promise((r) => setTimeout(r, 3));
      await notifyUser(t.app.db, u.id, { message: { key: 'post_helpful', params: { actor: 'Someone', title: 'Airway' } }, link: '/post/7', kind: 'reaction', actorId: actor.id, subject: 'post:7' });
    }
    await notifyUser(t.app.db, u.id, { message: { key: 'post_helpful', params: { actor: 'Someone', title: 'Breathing' } }, link: '/post/8', kind: 'reaction', actorId: sam.id, subject: 'post:8' });

    const before = await list(t, u);
    expect(before.unread).toBe(3);
    expect(before.notifications).toHaveLength(3);
    const group = before.notifications.find((n) => n.count > 1)!;
    expect(group).toMatchObject({ kind: 'reaction', count: 4, actor_count: 3, actors: ['Kim Kerr', 'Lee Lane', 'Sam Stone'] });
    const single = before.notifications.find((n) => n.kind === 'reaction' && n.count === 1)!;
    expect(single.actors).toEqual(['Sam Stone']);

    const read = await as(t.app, u, { method: 'GET', url: `/api/Notification/MarkAsRead/${group.id}` });
    expect(read.statusCode).toBe(200);
    const after = await list(t, u);
    expect(after.unread).toBe(2);
    // Read, they are separate rows again.
    expect(after.notifications.filter((n) => n.kind === 'reaction' && n.has_read)).toHaveLength(4);

    const all = await as(t.app, u, { method: 'POST', url: '/api/Notification/MarkAllAsRead' });
    expect(all.json()).toEqual({ marked: 2 });
    expect((await list(t, u)).unread).toBe(0);
  });

  it('answers the settings with defaults (in the app and push on, digest off) and the VAPID key', async () => {
    const res = await as(t.app, emma, { method: 'GET', url: '/api/notification-settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.digest_frequency).toBe('daily');
    expect(body.kinds.find((k: { kind: string }) => k.kind === 'mention')).toEqual({ kind: 'mention', in_app: true, push: true, digest: false });
    expect(Buffer.from(body.push_public_key, 'base64url')).toHaveLength(65);
  });

  it('creates no notification of a kind that is off, and keeps a kind out of the app when asked', async () => {
    const u = await createUser(t.app);
    const put = await as(t.app, u, {
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { kinds: [{ kind: 'reaction', in_app: false, push: false, digest: false }, { kind: 'group', in_app: false, push: false, digest: true }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().kinds.find((k: { kind: string }) => k.kind === 'reaction')).toEqual({ kind: 'reaction', in_app: false, push: false, digest: false });
    await notifyUser(t.app.db, u.id, { message: { key: 'post_helpful', params: { actor: 'Sam Stone', title: 'x' } }, link: '/post/1', kind: 'reaction', actorId: sam.id, subject: 'post:1' });
    await notifyUser(t.app.db, u.id, { message: { key: 'group_invite_pending', params: { group: 'y' } }, link: '/me/forum/groups', kind: 'group' });
    const rows = await t.app.db.selectFrom('notifications').select('kind').where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.kind)).toEqual(['group']);
    // Kept for the digest, not shown in the app.
    expect(await list(t, u)).toEqual({ notifications: [], unread: 0, nextCursor: null });
  });

  it('refuses bad settings with a message', async () => {
    const bad = [
      [{ kinds: [{ kind: 'nope', in_app: true, push: true, digest: true }] }, 'Unknown notification kind'],
      [{ kinds: [{ kind: 'reply', in_app: 'yes', push: true, digest: true }] }, 'in_app must be true or false'],
      [{ digest_frequency: 'hourly' }, "Digest frequency must be 'off', 'daily' or 'weekly'"],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await as(t.app, emma, { method: 'PUT', url: '/api/notification-settings', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message });
    }
  });

  it('pushes a notification to a subscribed browser, encrypted for it, and drops a subscription the push service calls gone', async () => {
    const u = await createUser(t.app);
    const browser = browserKeys();
    const dead = browserKeys();
    const ok = await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint: `${push.base}/push/${u.id}`, expirationTime: null, keys: browser.keys } });
    expect(ok.statusCode).toBe(201);
    expect((await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint: `${push.base}/gone/${u.id}`, keys: dead.keys } })).statusCode).toBe(201);

    await notifyUser(t.app.db, u.id, { message: { key: 'new_reply', params: { actor: 'Sam Stone', title: 'Night shift' } }, link: '/post/12', kind: 'reply', actorId: sam.id, subject: 'post:12' });
    // Nothing is sent during the request: the job queue sends it.
    expect(push.received.filter((r) => r.path.endsWith(`/${u.id}`))).toHaveLength(0);
    await t.app.jobs.drain();

    const mine = push.received.filter((r) => r.path === `/push/${u.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0].headers['content-encoding']).toBe('aes128gcm');
    expect(String(mine[0].headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    const plain = ece.decrypt(mine[0].body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({ title: 'New reply', body: 'Sam Stone replied to "Night shift"', link: '/post/12', kind: 'reply' });

    expect(push.received.some((r) => r.path === `/gone/${u.id}`)).toBe(true);
    const left = await t.app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', u.id).execute();
    expect(left.map((s) => s.endpoint)).toEqual([`${push.base}/push/${u.id}`]);
  });

  it('pushes in each recipient’s language: German for a German account, English for an English one', async () => {
    const german = await createUser(t.app, { firstName: 'Greta' });
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', german.id).execute();
    const english = await createUser(t.app, { firstName: 'Ed' });
    const keys = new Map<number, ReturnType<typeof browserKeys>>();
    for (const u of [german, english]) {
      keys.set(u.id, browserKeys());
      const res = await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint: `${push.base}/push/lang-${u.id}`, keys: keys.get(u.id)!.keys } });
      expect(res.statusCode).toBe(201);
    }
    await notifyUsers(t.app.db, [german.id, english.id], { message: { key: 'new_reply', params: { actor: 'Sam Stone', title: 'Nachtdienst' } }, link: '/post/21', kind: 'reply', actorId: sam.id, subject: 'post:21' });
    await t.app.jobs.drain();
    const payloadOf = (u: TestUser) => {
      const [message] = push.received.filter((r) => r.path === `/push/lang-${u.id}`);
      const k = keys.get(u.id)!;
      return JSON.parse(ece.decrypt(message.body, { version: 'aes128gcm', privateKey: k.ecdh, authSecret: k.auth.toString('base64url') }).toString('utf8'));
    };
    expect(payloadOf(german)).toEqual({ title: 'Neue Antwort', body: 'Sam Stone hat auf „Nachtdienst“ geantwortet', link: '/post/21', kind: 'reply' });
    expect(payloadOf(english)).toEqual({ title: 'New reply', body: 'Sam Stone replied to "Nachtdienst"', link: '/post/21', kind: 'reply' });
  });

  it('answers each notification’s message key and values beside its text; an older row without a key keeps its text', async () => {
    const u = await createUser(t.app);
    const german = await createUser(t.app);
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', german.id).execute();
    await notifyUsers(t.app.db, [u.id, german.id], { message: { key: 'group_invite', params: { actor: 'Kim Kerr', group: 'Airway Club' } }, link: '/me/forum/groups', kind: 'group', actorId: kim.id });
    const [item] = (await list(t, u)).notifications;
    expect(item).toMatchObject({
      name: 'Group invite',
      description: 'Kim Kerr invited you to join Airway Club',
      message_key: 'group_invite',
      message_params: { actor: 'Kim Kerr', group: 'Airway Club' },
    });
    // The text stored beside the key is in the recipient's language.
    const [theirs] = (await list(t, german)).notifications;
    expect(theirs).toMatchObject({
      name: 'Gruppeneinladung',
      description: 'Kim Kerr hat Sie eingeladen, Airway Club beizutreten',
      message_key: 'group_invite',
      message_params: { actor: 'Kim Kerr', group: 'Airway Club' },
    });
    // A row from before message keys: no key, no values, its own text.
    await t.app.db.insertInto('notifications').values({ user_id: u.id, name: 'Old news', description: 'From before', link: '/feed', has_read: 0, created_at: new Date().toISOString(), actor_id: null, subject: null, message_key: null, message_params: null }).execute();
    const old = (await list(t, u)).notifications.find((n) => n.name === 'Old news')!;
    expect(old).toMatchObject({ description: 'From before', message_key: null, message_params: {} });
  });

  it('pushes nothing for a kind whose push is off', async () => {
    const u = await createUser(t.app);
    await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint: `${push.base}/push/${u.id}`, keys: browserKeys().keys } });
    await as(t.app, u, { method: 'PUT', url: '/api/notification-settings', payload: { kinds: [{ kind: 'mention', in_app: true, push: false, digest: false }] } });
    await notifyUsers(t.app.db, [u.id], { message: { key: 'mention', params: { actor: 'Sam Stone', title: 'x' } }, link: '/post/1', kind: 'mention' });
    await t.app.jobs.drain();
    expect(push.received.filter((r) => r.path === `/push/${u.id}`)).toHaveLength(0);
    expect((await list(t, u)).unread).toBe(1);
  });

  it("keeps subscriptions bound to their owner: another user's endpoint is 404 to delete, and bad ones are refused", async () => {
    const u = await createUser(t.app);
    const endpoint = `${push.base}/push/own-${u.id}`;
    await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint, keys: browserKeys().keys } });
    const other = await as(t.app, emma, { method: 'DELETE', url: `/api/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Subscription not found' });
    const mine = await as(t.app, u, { method: 'DELETE', url: `/api/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}` });
    expect(mine.statusCode).toBe(200);
    const bad = await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint: 'javascript:alert(1)', keys: browserKeys().keys } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'Endpoint must be an http(s) address' });
    const noKeys = await as(t.app, u, { method: 'POST', url: '/api/push-subscriptions', payload: { endpoint } });
    expect(noKeys.statusCode).toBe(422);
  });

  describe('e-mail digest', () => {
    const mailsOf = (to: string) => {
      const dir = path.join(t.dataDir, 'mail');
      const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(safe)).sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')) : [];
    };
    const runDigest = async () => {
      const res = await as(t.app, admin, { method: 'POST', url: '/api/admin/notifications/digest' });
      expect(res.statusCode).toBe(200);
      await t.app.jobs.drain();
      return res.json() as { queued: number };
    };

    it('mails only unread items of digest kinds, once, with a one-click unsubscribe', async () => {
      const u = await createUser(t.app, { firstName: 'Dora' });
      await as(t.app, u, { method: 'PUT', url: '/api/notification-settings', payload: { kinds: [{ kind: 'reply', in_app: true, push: true, digest: true }] } });
      await notifyUser(t.app.db, u.id, { message: { key: 'new_reply', params: { actor: 'Kim Kerr', title: 'Airway' } }, link: '/post/3', kind: 'reply', subject: 'post:3' });
      await notifyUser(t.app.db, u.id, { message: { key: 'new_reply', params: { actor: 'Lee Lane', title: 'Read already' } }, link: '/post/4', kind: 'reply', subject: 'post:4' });
      await notifyUser(t.app.db, u.id, { message: { key: 'welcome', params: {} }, link: '/feed' });
      const readOne = (await list(t, u)).notifications.find((n) => n.description === 'Lee Lane replied to "Read already"')!;
      await as(t.app, u, { method: 'GET', url: `/api/Notification/MarkAsRead/${readOne.id}` });

      expect((await runDigest()).queued).toBeGreaterThanOrEqual(1);
      const mails = mailsOf(u.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0];
      expect(mail).toContain('Subject: Your REALITi Community digest: 1 new');
      expect(mail).toContain('Hi Dora,');
      expect(mail).toContain('New reply: Kim Kerr replied to "Airway"');
      expect(mail).toContain('http://localhost:3000/post/3');
      expect(mail).not.toContain('Read already');
      expect(mail).not.toContain('Welcome to the community');
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const header = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail)?.[1];
      expect(header).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/);

      // Nothing new since: no second mail.
      await runDigest();
      expect(mailsOf(u.email)).toHaveLength(1);

      // One click, no session: the digest goes off, every other setting stays.
      const url = new URL(header!);
      const click = await t.app.inject({ method: 'POST', url: url.pathname + url.search, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(click.statusCode).toBe(200);
      expect(click.json()).toEqual({ digest_frequency: 'off' });
      const settings = (await as(t.app, u, { method: 'GET', url: '/api/notification-settings' })).json();
      expect(settings.digest_frequency).toBe('off');
      expect(settings.kinds.find((k: { kind: string }) => k.kind === 'reply')).toEqual({ kind: 'reply', in_app: true, push: true, digest: true });
      await notifyUser(t.app.db, u.id, { message: { key: 'new_reply', params: { actor: 'Kim Kerr', title: 'z' } }, link: '/post/5', kind: 'reply' });
      await runDigest();
      expect(mailsOf(u.email)).toHaveLength(1);
    });

    it('writes the digest in the recipient’s language', async () => {
      const u = await createUser(t.app, { firstName: 'Dirk' });
      await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', u.id).execute();
      await as(t.app, u, { method: 'PUT', url: '/api/notification-settings', payload: { kinds: [{ kind: 'mention', in_app: true, push: false, digest: true }], digest_frequency: 'weekly' } });
      await notifyUser(t.app.db, u.id, { message: { key: 'mention', params: { actor: 'Sam Stone', title: 'Atemweg' } }, link: '/post/9', kind: 'mention' });
      await notifyUser(t.app.db, u.id, { message: { key: 'mention', params: { actor: 'Kim Kerr', title: 'Kreislauf' } }, link: '/post/10', kind: 'mention' });
      await runDigest();
      const [mail] = mailsOf(u.email);
      expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: Ihre Zusammenfassung/);
      expect(mail).toContain('Hier sind 2 Benachrichtigungen, die Sie noch nicht gelesen haben:');
      // Each item in German too, from its message key (the text part, quoted-printable, decoded).
      const text = Buffer.from(mail.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
      expect(text).toContain('- Sie wurden erwähnt: Sam Stone hat Sie in „Atemweg“ erwähnt');
      expect(text).toContain('- Sie wurden erwähnt: Kim Kerr hat Sie in „Kreislauf“ erwähnt');
      expect(text).not.toContain('mentioned you');
    });

    it('refuses a forged unsubscribe token and a digest run by a non-admin', async () => {
      const forged = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${emma.id}.${'A'.repeat(43)}` });
      expect(forged.statusCode).toBe(422);
      expect(forged.json()).toEqual({ message: 'Invalid or expired link' });
      const count = mailCount(t.dataDir);
      const res = await as(t.app, emma, { method: 'POST', url: '/api/admin/notifications/digest' });
      expect(res.statusCode).toBe(403);
      expect(mailCount(t.dataDir)).toBe(count);
    });
  });
});
