// Kysely queries of the group-post calls: pending posts of a group (all, or one author's), and the
// decisions on them. Each decision changes a row only while it is still pending, so two group
// admins deciding at once cannot both win.
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import { PostStatus } from '../../../shared/enums.js';

export function groupPostsRepository(db: DB) {
  const pending = (groupId: number) =>
    db.selectFrom('posts').selectAll().where('group_id', '=', groupId).where('status', '=', PostStatus.Pending).where('deleted_at', 'is', null);
  return {
    /** The Post requests tab: oldest first, so the longest waiting is handled first. */
    pendingOf: (groupId: number) => pending(groupId).orderBy('created_at').orderBy('id').limit(500).execute(),

    /** 'My Pending Posts': newest first. */
    pendingBy: (groupId: number, creatorId: number) =>
      pending(groupId).where('creator_id', '=', creatorId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute(),

    async approve(id: number): Promise<boolean> {
      const res = await db.updateTable('posts').set({ status: PostStatus.Approved }).where('id', '=', id).where('status', '=', PostStatus.Pending).where('deleted_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A declined post is removed (soft delete, like a deleted post). */
    async decline(id: number): Promise<boolean> {
      const res = await db.updateTable('posts').set({ deleted_at: now() }).where('id', '=', id).where('status', '=', PostStatus.Pending).where('deleted_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}

export type GroupPostsRepository = ReturnType<typeof groupPostsRepository>;
