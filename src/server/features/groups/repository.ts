// Kysely queries for forum groups, their members, invites, join requests and moderation log. Group
// posts are rows of `posts`; the counts of pending ones are read here for the Manage badges.
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { ForumGroupTable } from '../../db/types.js';
import { PostStatus } from '../../../shared/enums.js';

export type GroupRow = Selectable<ForumGroupTable>;

const userRef = ['users.id', 'users.uuid_id', 'users.first_name', 'users.last_name'] as const;

/** True when the error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** Who sent an invite, as both invite lists show it (joined as `users as inviter`). */
const INVITER_COLUMNS = [
  'inviter.id as inviter_id',
  'inviter.uuid_id as inviter_uuid_id',
  'inviter.first_name as inviter_first_name',
  'inviter.last_name as inviter_last_name',
] as const;

export function groupsRepository(db: DB) {
  return {
    byId: (id: number) => db.selectFrom('forum_groups').selectAll().where('id', '=', id).executeTakeFirst(),

    async create(values: { name: string; description: string; membership_type: number; posting_type: GroupRow['posting_type']; creator_id: number }): Promise<GroupRow> {
      return db.transaction().execute(async (trx) => {
        const ts = now();
        const group = await trx.insertInto('forum_groups').values({ ...values, created_at: ts, updated_at: ts }).returningAll().executeTakeFirstOrThrow();
        await trx.insertInto('group_members').values({ group_id: group.id, user_id: values.creator_id, member_type: 2, joined_at: ts }).execute();
        return group;
      });
    },

    update: (id: number, values: Partial<Pick<GroupRow, 'name' | 'description' | 'membership_type' | 'posting_type'>>) =>
      db.updateTable('forum_groups').set({ ...values, updated_at: now() }).where('id', '=', id).execute(),

    /** The group and everything hanging off it; its posts leave every list (soft delete). */
    async delete(id: number) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('posts').set({ deleted_at: now() }).where('group_id', '=', id).where('deleted_at', 'is', null).execute();
        await trx.deleteFrom('group_moderation_log').where('group_id', '=', id).execute();
        await trx.deleteFrom('group_join_requests').where('group_id', '=', id).execute();
        await trx.deleteFrom('group_invites').where('group_id', '=', id).execute();
        await trx.deleteFrom('group_members').where('group_id', '=', id).execute();
        await trx.deleteFrom('forum_groups').where('id', '=', id).execute();
      });
    },

    // ---- members ----

    members: (groupId: number) =>
      db
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select([...userRef, 'group_members.member_type', 'group_members.joined_at'])
        .where('group_members.group_id', '=', groupId)
        .orderBy('group_members.member_type', 'desc')
        .orderBy('users.first_name')
        .orderBy('users.last_name')
        .orderBy('users.id')
        .limit(1000)
        .execute(),

    async memberCount(groupId: number): Promise<number> {
      const row = await db.selectFrom('group_members').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    memberType: async (groupId: number, userId: number) =>
      (await db.selectFrom('group_members').select('member_type').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst())?.member_type ?? null,

    /** Adds a member; false when they already were one (concurrent joins keep one row). */
    async addMember(groupId: number, userId: number, memberType = 0): Promise<boolean> {
      const res = await db
        .insertInto('group_members')
        .values({ group_id: groupId, user_id: userId, member_type: memberType, joined_at: now() })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    removeMember: async (groupId: number, userId: number) =>
      Number((await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).where('member_type', '<', 2).executeTakeFirst()).numDeletedRows) > 0,

    setMemberType: (groupId: number, userIds: number[], memberType: number) =>
      userIds.length
        ? db.updateTable('group_members').set({ member_type: memberType }).where('group_id', '=', groupId).where('user_id', 'in', userIds).where('member_type', '<', 2).execute()
        : Promise.resolve([]),

    /** The joined groups of a user, by name. */
    joinedBy: (userId: number) =>
      db
        .selectFrom('group_members')
        .innerJoin('forum_groups', 'forum_groups.id', 'group_members.group_id')
        .select(['forum_groups.id', 'forum_groups.name', 'forum_groups.description', 'forum_groups.membership_type', 'group_members.member_type'])
        .where('group_members.user_id', '=', userId)
        .orderBy(sql`lower(forum_groups.name)`)
        .orderBy('forum_groups.id')
        .limit(500)
        .execute(),

    // ---- invites ----

    invites: (groupId: number) =>
      db
        .selectFrom('group_invites')
        .innerJoin('users as inviter', 'inviter.id', 'group_invites.invited_by')
        .leftJoin('users', 'users.id', 'group_invites.user_id')
        .select([
          'group_invites.id',
          'group_invites.email',
          'group_invites.created_at',
          'users.id as user_id',
          'users.uuid_id as user_uuid_id',
          'users.first_name as user_first_name',
          'users.last_name as user_last_name',
          ...INVITER_COLUMNS,
        ])
        .where('group_invites.group_id', '=', groupId)
        .orderBy('group_invites.created_at', 'desc')
        .orderBy('group_invites.id', 'desc')
        .limit(500)
        .execute(),

    inviteFor: (groupId: number, userId: number) =>
      db.selectFrom('group_invites').selectAll().where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst(),

    inviteById: (id: number) => db.selectFrom('group_invites').selectAll().where('id', '=', id).executeTakeFirst(),

    inviteByEmail: (groupId: number, email: string) =>
      db.selectFrom('group_invites').selectAll().where('group_id', '=', groupId).where('email', '=', email).executeTakeFirst(),

    /** Adds an invite; false when the address was already invited (concurrent invites keep one). */
    async addInvite(values: { group_id: number; email: string; user_id: number | null; invited_by: number }): Promise<boolean> {
      const res = await db
        .insertInto('group_invites')
        .values({ ...values, created_at: now() })
        .onConflict((oc) => oc.columns(['group_id', 'email']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    deleteInvite: async (id: number) => Number((await db.deleteFrom('group_invites').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

    deleteInvitesOf: (groupId: number, userId: number) => db.deleteFrom('group_invites').where('group_id', '=', groupId).where('user_id', '=', userId).execute(),

    /** Pending invites of a user, newest first. */
    invitesOf: (userId: number) =>
      db
        .selectFrom('group_invites')
        .innerJoin('forum_groups', 'forum_groups.id', 'group_invites.group_id')
        .innerJoin('users as inviter', 'inviter.id', 'group_invites.invited_by')
        .select([
          'forum_groups.id',
          'forum_groups.name',
          'forum_groups.description',
          'forum_groups.membership_type',
          ...INVITER_COLUMNS,
        ])
        .where('group_invites.user_id', '=', userId)
        .orderBy('group_invites.created_at', 'desc')
        .orderBy('group_invites.id', 'desc')
        .limit(500)
        .execute(),

    // ---- join requests ----

    joinRequests: (groupId: number) =>
      db
        .selectFrom('group_join_requests')
        .innerJoin('users', 'users.id', 'group_join_requests.user_id')
        .select([...userRef, 'group_join_requests.id as request_id', 'group_join_requests.message', 'group_join_requests.created_at'])
        .where('group_join_requests.group_id', '=', groupId)
        .orderBy('group_join_requests.created_at')
        .orderBy('group_join_requests.id')
        .limit(500)
        .execute(),

    joinRequestById: (id: number) => db.selectFrom('group_join_requests').selectAll().where('id', '=', id).executeTakeFirst(),

    joinRequestOf: (groupId: number, userId: number) =>
      db.selectFrom('group_join_requests').selectAll().where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst(),

    /** Adds a join request; false when one was already waiting. */
    async addJoinRequest(groupId: number, userId: number, message: string): Promise<boolean> {
      const res = await db
        .insertInto('group_join_requests')
        .values({ group_id: groupId, user_id: userId, message, created_at: now() })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Removes the request; false when another admin handled it first. */
    deleteJoinRequest: async (id: number) => Number((await db.deleteFrom('group_join_requests').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

    deleteJoinRequestOf: (groupId: number, userId: number) => db.deleteFrom('group_join_requests').where('group_id', '=', groupId).where('user_id', '=', userId).execute(),

    async countJoinRequests(groupId: number): Promise<number> {
      const row = await db.selectFrom('group_join_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countPendingPosts(groupId: number): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId)
        .where('status', '=', PostStatus.Pending)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // ---- moderation log ----

    logOf: (groupId: number) =>
      db
        .selectFrom('group_moderation_log')
        .innerJoin('users as actor', 'actor.id', 'group_moderation_log.actor_id')
        .leftJoin('users as target', 'target.id', 'group_moderation_log.target_user_id')
        .select([
          'group_moderation_log.id',
          'group_moderation_log.action',
          'group_moderation_log.detail',
          'group_moderation_log.created_at',
          'actor.id as actor_id',
          'actor.uuid_id as actor_uuid_id',
          'actor.first_name as actor_first_name',
          'actor.last_name as actor_last_name',
          'target.id as target_id',
          'target.uuid_id as target_uuid_id',
          'target.first_name as target_first_name',
          'target.last_name as target_last_name',
        ])
        .where('group_moderation_log.group_id', '=', groupId)
        .orderBy('group_moderation_log.created_at', 'desc')
        .orderBy('group_moderation_log.id', 'desc')
        .limit(200)
        .execute(),

    // ---- users ----

    userByEmail: (email: string) =>
      db.selectFrom('users').select(['id', 'email', 'first_name', 'enabled']).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst(),

    userRef: (id: number) => db.selectFrom('users').select(userRef).where('users.id', '=', id).executeTakeFirst(),
  };
}

export type GroupsRepository = ReturnType<typeof groupsRepository>;
