// Notification rows of one user (spec section 3 'Notification').
import type { DB } from '../../db/connection.js';

export function notificationsRepository(db: DB) {
  return {
    newest(userId: number, limit: number) {
      return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('has_read', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Marks it read when it is the user's; false when there is no such notification of theirs. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const res = await db.updateTable('notifications').set({ has_read: 1 }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    byId(id: number) {
      return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
