// Creating notifications is shared by several features (media review, reports, replies, groups).
// Every notification goes through notifyUsers, which applies each recipient's setting for its kind
// (features/notifications/settings.ts): a kind with every channel off creates no row at all; push
// is queued for the recipients who want it and have a subscribed device (the job queue sends it, off
// the request); the e-mail digest later reads the unread rows of digest kinds.
import type { DB } from '../db/connection.js';
import { now } from '../db/connection.js';
import { enqueueJob } from '../jobs/queue.js';
import { DEFAULT_KIND_SETTING, type NotificationKind } from '../../shared/notification-kinds.js';

/** The job that sends one notification to the subscribed devices of some users. */
export const PUSH_JOB = 'notifications.push';

export interface PushJobPayload {
  userIds: number[];
  title: string;
  body: string;
  link: string;
  kind: NotificationKind;
}

export interface NewNotification {
  name: string;
  description: string;
  /** A client route, e.g. '/media/<uuid>' or '/feed'. */
  link: string;
  /** What it is about; 'general' when not given. */
  kind?: NotificationKind;
  /** The user whose action caused it (a replier, a reactor), if any. */
  actorId?: number | null;
  /** The thing it concerns, as 'type:id' (e.g. 'post:12'): unread ones of one kind and subject group together. */
  subject?: string | null;
}

/** Chunked so a post to everyone stays within parameter limits. */
const CHUNK = 500;

export async function notifyUsers(db: DB, userIds: number[], n: NewNotification): Promise<void> {
  if (!userIds.length) return;
  const kind = n.kind ?? 'general';
  const created_at = now();
  const row = { name: n.name, description: n.description, link: n.link, kind, actor_id: n.actorId ?? null, subject: n.subject ?? null };
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const chunk = [...new Set(userIds.slice(i, i + CHUNK))];
    const settings = await db
      .selectFrom('notification_settings')
      .select(['user_id', 'in_app', 'push', 'digest'])
      .where('kind', '=', kind)
      .where('user_id', 'in', chunk)
      .execute();
    const byUser = new Map(settings.map((s) => [s.user_id, { in_app: !!s.in_app, push: !!s.push, digest: !!s.digest }]));
    const setting = (id: number) => byUser.get(id) ?? DEFAULT_KIND_SETTING;
    // 'Off' (every channel off): no notification at all.
    const recipients = chunk.filter((id) => {
      const s = setting(id);
      return s.in_app || s.push || s.digest;
    });
    if (!recipients.length) continue;
    await db
      .insertInto('notifications')
      .values(recipients.map((user_id) => ({ user_id, ...row, has_read: 0, created_at })))
      .execute();
    const wantPush = recipients.filter((id) => setting(id).push);
    if (!wantPush.length) continue;
    const subscribed = await db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', wantPush).execute();
    if (!subscribed.length) continue;
    const payload: PushJobPayload = { userIds: subscribed.map((s) => s.user_id), title: n.name, body: n.description, link: n.link, kind };
    await enqueueJob(db, PUSH_JOB, { ...payload });
  }
}

export const notifyUser = (db: DB, userId: number, n: NewNotification) => notifyUsers(db, [userId], n);
