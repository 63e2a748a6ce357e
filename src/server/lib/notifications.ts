// Creating notifications is shared by several features (media review, reports, replies, groups).
// Every notification goes through notifyUsers, so delivery beyond the app (push, digest) hooks in here.
import type { DB } from '../db/connection.js';
import { now } from '../db/connection.js';
import type { NotificationKind } from '../../shared/notification-kinds.js';

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

export async function notifyUsers(db: DB, userIds: number[], n: NewNotification): Promise<void> {
  if (!userIds.length) return;
  const created_at = now();
  const row = { name: n.name, description: n.description, link: n.link, kind: n.kind ?? 'general', actor_id: n.actorId ?? null, subject: n.subject ?? null };
  // Chunked so a post to everyone stays within parameter limits.
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .insertInto('notifications')
      .values(userIds.slice(i, i + 500).map((user_id) => ({ user_id, ...row, has_read: 0, created_at })))
      .execute();
  }
}

export const notifyUser = (db: DB, userId: number, n: NewNotification) => notifyUsers(db, [userId], n);
