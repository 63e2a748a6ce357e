// A user's own notifications: the dropdown list and marking one read. Another user's is 404.
import type { NotificationItem, NotificationList } from '../../../shared/schemas/notifications.js';
import { notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { NotificationsRepository } from './repository.js';

/** The dropdown shows the newest ones; the unread count covers all. */
const LIST_LIMIT = 50;

type Row = { id: number; name: string; description: string; link: string; has_read: number; created_at: string };

const present = (r: Row): NotificationItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  link: r.link,
  has_read: Boolean(r.has_read),
  created_at: r.created_at,
});

export function notificationsService(repo: NotificationsRepository) {
  return {
    async list(user: SessionUser): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([repo.newest(user.id, LIST_LIMIT), repo.unreadCount(user.id)]);
      return { notifications: rows.map(present), unread };
    },
    async markRead(user: SessionUser, id: number): Promise<NotificationItem> {
      if (!(await repo.markRead(user.id, id))) throw notFound('Notification not found');
      return present((await repo.byId(id))!);
    },
  };
}
