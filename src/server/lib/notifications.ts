// Creating notifications is shared by several features (media review, reports, posts to everyone).
import type { DB } from '../db/connection.js';
import { now } from '../db/connection.js';

export interface NewNotification {
  name: string;
  description: string;
  /** A client route, e.g. '/media/<uuid>' or '/feed'. */
  link: string;
}

export async function notifyUsers(db: DB, userIds: number[], n: NewNotification): Promise<void> {
  if (!userIds.length) return;
  const created_at = now();
  // Chunked so a post to everyone stays within parameter limits.
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .insertInto('notifications')
      .values(userIds.slice(i, i + 500).map((user_id) => ({ user_id, ...n, has_read: 0, created_at })))
      .execute();
  }
}

export const notifyUser = (db: DB, userId: number, n: NewNotification) => notifyUsers(db, [userId], n);
