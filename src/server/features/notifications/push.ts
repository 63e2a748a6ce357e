// Web Push (RFC 8030, 8291 aes128gcm, 8292 VAPID) with the `web-push` library: the server's VAPID
// key pair, the users' subscriptions, and the job that sends a notification to them. web-push
// builds each request (encryption and VAPID headers); we send it with fetch so a request has a
// deadline and a test can run its own push service. A subscription the push service answers
// 404 or 410 for is gone for good (the browser dropped it): it is deleted.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { Config } from '../../config.js';
import type { PushJobPayload } from '../../lib/notifications.js';
import type { PushPayload } from '../../../shared/schemas/notifications.js';
import { notFound, unprocessable } from '../../lib/http-error.js';

/** How long a push service keeps a message for an offline device. */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;
/** Push services refuse payloads over 4 KiB: texts are cut to fit. */
const MAX_TEXT = 1000;
/** Requests to push services in flight at once. */
const PARALLEL_SENDS = 20;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID keys: from the settings, else a pair generated once into the data dir (like the session secret). */
export function vapidKeys(config: Config): VapidKeys {
  const subject = config.vapid?.subject ?? `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`;
  if (config.vapid?.publicKey && config.vapid.privateKey) return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  const file = path.join(config.dataDir, 'vapid.json');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}

export function subscriptionsRepository(db: DB) {
  return {
    /** Saves it for the user; an endpoint another account held moves to this one (one browser, one owner). */
    async save(userId: number, s: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      await db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, created_at: now() })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.keys.p256dh, auth: s.keys.auth, created_at: now() }))
        .execute();
      return db.selectFrom('push_subscriptions').select(['id', 'endpoint']).where('endpoint', '=', s.endpoint).executeTakeFirstOrThrow();
    },
    /** Deletes the user's subscription with this endpoint; undefined when they hold none. */
    async remove(userId: number, endpoint: string) {
      return db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).returning(['id', 'endpoint']).executeTakeFirst();
    },
    ofUsers(userIds: number[]) {
      if (!userIds.length) return Promise.resolve([]);
      return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).execute();
    },
    async drop(id: number) {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;

interface PushLog {
  warn: (o: object, m: string) => void;
}

export function pushService(repo: SubscriptionsRepository, keys: VapidKeys, opts: { allowHttp: boolean; log: PushLog }) {
  async function sendOne(sub: { id: number; endpoint: string; p256dh: string; auth: string }, payload: string): Promise<'sent' | 'gone' | 'failed'> {
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
      vapidDetails: keys,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) {
        await repo.drop(sub.id);
        return 'gone';
      }
      if (res.ok) return 'sent';
      opts.log.warn({ status: res.status, subscription: sub.id }, 'push service refused a message');
      return 'failed';
    } catch (err) {
      opts.log.warn({ err, subscription: sub.id }, 'sending a push message failed');
      return 'failed';
    }
  }

  return {
    publicKey: () => keys.publicKey,
    async save(userId: number, s: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      if (!opts.allowHttp && !s.endpoint.startsWith('https://')) throw unprocessable('Endpoint must be an https address');
      return repo.save(userId, s);
    },
    async remove(userId: number, endpoint: string) {
      const gone = await repo.remove(userId, endpoint);
      if (!gone) throw notFound('Subscription not found');
      return gone;
    },
    /** The push job: the notification to every subscribed device of the users. */
    async send(job: PushJobPayload) {
      const payload: PushPayload = { title: job.title.slice(0, MAX_TEXT), body: job.body.slice(0, MAX_TEXT), link: job.link, kind: job.kind };
      const text = JSON.stringify(payload);
      const subs = await repo.ofUsers(job.userIds);
      const outcomes: Awaited<ReturnType<typeof sendOne>>[] = [];
      for (let i = 0; i < subs.length; i += PARALLEL_SENDS) outcomes.push(...(await Promise.all(subs.slice(i, i + PARALLEL_SENDS).map((s) => sendOne(s, text)))));
      return { sent: outcomes.filter((o) => o === 'sent').length, gone: outcomes.filter((o) => o === 'gone').length };
    },
  };
}
