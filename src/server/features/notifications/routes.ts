// GET /api/Notification and GET /api/Notification/MarkAsRead/{id} (spec section 7). Notifications are
// created by other features through src/server/lib/notifications.ts.
import type { FastifyInstance } from 'fastify';
import { intParam, notFound } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/session.js';
import type { NotificationItem } from '../../../shared/schemas/posts.js';

/** The dropdown shows the newest ones; the unread count covers all. */
const LIST_LIMIT = 50;

const itemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    link: { type: 'string', description: 'a client route to follow when clicked' },
    has_read: { type: 'boolean' },
    created_at: { type: 'string' },
  },
} as const;
const messageSchema = { type: 'object', properties: { message: { type: 'string' } } } as const;

export default async function notificationRoutes(app: FastifyInstance) {
  const tags = ['notifications'];
  const present = (r: { id: number; name: string; description: string; link: string; has_read: number; created_at: string }): NotificationItem => ({
    id: r.id,
    name: r.name,
    description: r.description,
    link: r.link,
    has_read: Boolean(r.has_read),
    created_at: r.created_at,
  });

  app.get(
    '/api/Notification',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first (at most 50), and the unread count",
        response: { 200: { type: 'object', properties: { notifications: { type: 'array', items: itemSchema }, unread: { type: 'integer' } } }, 401: messageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [rows, unread] = await Promise.all([
        app.db
          .selectFrom('notifications')
          .selectAll()
          .where('user_id', '=', user.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(LIST_LIMIT)
          .execute(),
        app.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user.id)
          .where('has_read', '=', 0)
          .executeTakeFirstOrThrow(),
      ]);
      return { notifications: rows.map(present), unread: Number(unread.n) };
    },
  );

  app.get(
    '/api/Notification/MarkAsRead/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Mark one of your notifications read (another user\'s is 404)', response: { 200: itemSchema, 401: messageSchema, 404: messageSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const id = intParam((request.params as { id: string }).id);
      const res = await app.db.updateTable('notifications').set({ has_read: 1 }).where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound('Notification not found');
      const row = await app.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return present(row);
    },
  );
}
