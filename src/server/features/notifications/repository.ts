// Notification rows of one user (spec section 3 'Notification').
import type { DB } from '../../db/connection.js';
import { afterCursor, type Cursor } from '../../lib/pages.js';

export function notificationsRepository(db: DB) {
  return {
    /**
     * The newest, or with `after` those older than it: a keyset seek on notifications_user_page
     * (0020), so a page costs the same however far the list was scrolled.
     */
    newest(userId: number, limit: number, after?: Cursor) {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .$if(after !== undefined, (q) => q.where(afterCursor('created_at', 'id', after!)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
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
