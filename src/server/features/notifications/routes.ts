// GET /api/Notification and GET /api/Notification/MarkAsRead/{id} (spec section 7). Notifications are
// created by other features through src/server/lib/notifications.ts.
import type { FastifyInstance } from 'fastify';
import { listNotifications, markNotificationRead } from '../../../shared/endpoints/notifications.js';
import { route } from '../../lib/route.js';
import { notificationsRepository } from './repository.js';
import { notificationsService } from './service.js';

export default async function notificationRoutes(app: FastifyInstance) {
  const service = notificationsService(notificationsRepository(app.db));
  const tags = ['notifications'];

  route(app, listNotifications, {
    auth: 'user',
    tags,
    summary: "The signed-in user's notifications, newest first (at most 50), and the unread count; ?cursor= (the previous answer's nextCursor) reads the 50 older ones",
  }, async ({ user, query }) => service.list(user, query.cursor));

  route(app, markNotificationRead, {
    auth: 'user',
    tags,
    summary: "Mark one of your notifications read (another user's is 404)",
  }, async ({ user, params }) => service.markRead(user, params.id));
}
