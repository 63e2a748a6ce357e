// A user's own notifications: the dropdown list and marking one read. Another user's is 404.
import type { NotificationItem, NotificationList } from '../../../shared/schemas/notifications.js';
import { isNotificationKind } from '../../../shared/notification-kinds.js';
import { notFound } from '../../lib/http-error.js';
import { cursorOf, encodeCursor } from '../../lib/pages.js';
import type { SessionUser } from '../../plugins/session.js';
import type { NotificationsRepository } from './repository.js';

/** The dropdown shows the newest ones; the unread count covers all. */
const LIST_LIMIT = 50;

type Row = { id: number; name: string; description: string; link: string; has_read: number; created_at: string; kind: string };

const present = (r: Row): NotificationItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  link: r.link,
  has_read: Boolean(r.has_read),
  created_at: r.created_at,
  kind: isNotificationKind(r.kind) ? r.kind : 'general',
});

export function notificationsService(repo: NotificationsRepository) {
  return {
    /** The newest LIST_LIMIT, or with a cursor (a previous answer's nextCursor) the LIST_LIMIT older ones. */
    async list(user: SessionUser, cursor?: string): Promise<NotificationList> {
      const after = cursorOf(cursor);
      const [rows, unread] = await Promise.all([repo.newest(user.id, LIST_LIMIT, after), repo.unreadCount(user.id)]);
      const last = rows.at(-1);
      const nextCursor = rows.length === LIST_LIMIT && last ? encodeCursor({ at: last.created_at, id: last.id }) : null;
      return { notifications: rows.map(present), unread, nextCursor };
    },
    async markRead(user: SessionUser, id: number): Promise<NotificationItem> {
      if (!(await repo.markRead(user.id, id))) throw notFound('Notification not found');
      return present((await repo.byId(id))!);
    },
  };
}
