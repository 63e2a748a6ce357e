// Notification rows of one user (spec section 3 'Notification'). Unread rows of one kind and subject
// form a group, listed once as its newest row.
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import { afterCursor, type Cursor } from '../../lib/pages.js';

export interface GroupInfo {
  kind: string;
  subject: string;
  count: number;
  actorCount: number;
}

export function notificationsRepository(db: DB) {
  /** Unread rows of the user in the group of notification `id` (itself included), as a query. */
  const groupOf = (userId: number, row: { kind: string; subject: string | null; id: number }) =>
    db
      .updateTable('notifications')
      .set({ has_read: 1 })
      .where('user_id', '=', userId)
      .where((eb) =>
        row.subject === null ? eb('id', '=', row.id) : eb.or([eb('id', '=', row.id), eb.and([eb('has_read', '=', 0), eb('kind', '=', row.kind), eb('subject', '=', row.subject)])]),
      );

  return {
    /**
     * The newest, or with `after` those older than it: a keyset seek on notifications_user_page
     * (0020), so a page costs the same however far the list was scrolled. An unread row with a newer
     * unread row of its kind and subject is left out (that one stands for the group); kinds the
     * user keeps out of the app (`hiddenKinds`) are left out.
     */
    newest(userId: number, limit: number, after?: Cursor, hiddenKinds: string[] = []) {
      return db
        .selectFrom('notifications as n')
        .selectAll('n')
        .where('n.user_id', '=', userId)
        .$if(hiddenKinds.length > 0, (q) => q.where('n.kind', 'not in', hiddenKinds))
        .$if(after !== undefined, (q) => q.where(afterCursor('n.created_at', 'n.id', after!)))
        .where((eb) =>
          eb.or([
            eb('n.has_read', '=', 1),
            eb('n.subject', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('notifications as g')
                  .select('g.id')
                  .where('g.user_id', '=', userId)
                  .where('g.has_read', '=', 0)
                  .whereRef('g.kind', '=', 'n.kind')
                  .whereRef('g.subject', '=', 'n.subject')
                  .where(sql<boolean>`(g.created_at, g.id) > (n.created_at, n.id)`),
              ),
            ),
          ]),
        )
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(limit)
        .execute();
    },
    /** Size and distinct people of the unread groups of these kinds and subjects. */
    async groups(userId: number, keys: { kind: string; subject: string }[]): Promise<GroupInfo[]> {
      if (!keys.length) return [];
      const rows = await db
        .selectFrom('notifications')
        .select(['kind', 'subject'])
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('actor_id').distinct().as('actors')])
        .where('user_id', '=', userId)
        .where('has_read', '=', 0)
        .where('kind', 'in', [...new Set(keys.map((k) => k.kind))])
        .where('subject', 'in', [...new Set(keys.map((k) => k.subject))])
        .groupBy(['kind', 'subject'])
        .execute();
      return rows.map((r) => ({ kind: r.kind, subject: r.subject!, count: Number(r.n), actorCount: Number(r.actors) }));
    },
    /** The people behind the unread groups, each with their latest time in the group, newest first. */
    groupActors(userId: number, kinds: string[], subjects: string[]) {
      if (!kinds.length) return Promise.resolve([]);
      return db
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.id', 'n.actor_id')
        .select(['n.kind', 'n.subject', 'n.actor_id', 'u.first_name', 'u.last_name'])
        .select((eb) => eb.fn.max('n.created_at').as('at'))
        .where('n.user_id', '=', userId)
        .where('n.has_read', '=', 0)
        .where('n.kind', 'in', kinds)
        .where('n.subject', 'in', subjects)
        .groupBy(['n.kind', 'n.subject', 'n.actor_id', 'u.first_name', 'u.last_name'])
        .orderBy('at', 'desc')
        .execute();
    },
    /** The names of the people who caused single notifications. */
    actorNames(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
    },
    /** Unread items: a group of one kind and subject counts once. */
    async unreadCount(userId: number, hiddenKinds: string[]): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select(sql<number>`count(*) - count(subject) + count(distinct kind || ':' || subject)`.as('n'))
        .where('user_id', '=', userId)
        .where('has_read', '=', 0)
        .$if(hiddenKinds.length > 0, (q) => q.where('kind', 'not in', hiddenKinds))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Marks it, and the unread rows of its group, read; false when there is no such notification of the user's. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const row = await db.selectFrom('notifications').select(['id', 'kind', 'subject']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) return false;
      await groupOf(userId, row).execute();
      return true;
    },
    async markAllRead(userId: number): Promise<number> {
      const res = await db.updateTable('notifications').set({ has_read: 1 }).where('user_id', '=', userId).where('has_read', '=', 0).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
    byId(id: number) {
      return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
