// Who may see and do what in a forum group (spec section 6, DESIGN section 8 'group visibility'):
// the groups feature's own rules, offered to posts (the feed, group posts), scenarios (opening a
// scenario attached to a group post) and auth (invites waiting for a new account) as the groups
// port (lib/ports.ts), so features need not import each other.
//   - Open group: name, description, members and approved posts for every signed-in user.
//   - Invite-only group: name and description for every signed-in user; posts, members and pending
//     items for its members only.
//   - Group admins are its creator (member type 2) and moderators (1); a site admin has the
//     creator's powers for moderation without being a member.
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import { builtOnce } from '../../db/built-once.js';
import { PostStatus, Role, hasRole } from '../../../shared/enums.js';
import { GroupMemberType, MembershipType, type GroupRef } from '../../../shared/schemas/groups.js';
import { notifyUsers } from '../../lib/notifications.js';
import type { GroupAccess, GroupRow, GroupsPort, GroupViewer, ModerationEntry } from '../../lib/ports.js';

export type { GroupAccess, GroupRow, GroupsPort, GroupViewer } from '../../lib/ports.js';

export function accessFor(group: GroupRow, memberType: number | null, viewer: GroupViewer): GroupAccess {
  const isMember = memberType !== null;
  const isSiteAdmin = hasRole(viewer.role, Role.Admin);
  const isOwner = memberType === GroupMemberType.Creator;
  const isGroupAdmin = (memberType ?? 0) >= GroupMemberType.Moderator || isSiteAdmin;
  return {
    group,
    memberType,
    isMember,
    isOwner,
    isSiteAdmin,
    isGroupAdmin,
    isOwnerOrSiteAdmin: isOwner || isSiteAdmin,
    canSeeContent: group.membership_type === MembershipType.Public || isMember || isSiteAdmin,
  };
}

// Read on every group page: built once (db/built-once.ts).
const groupRead = builtOnce((db: DB, a: { id: number }) => db.selectFrom('forum_groups').selectAll().where('id', '=', a.id));
const memberTypeRead = builtOnce((db: DB, a: { groupId: number; userId: number }) =>
  db.selectFrom('group_members').select('member_type').where('group_id', '=', a.groupId).where('user_id', '=', a.userId),
);

export const findGroup = async (db: DB, id: number) => (await groupRead(db, { id }))[0];

export async function memberTypeOf(db: DB, groupId: number, userId: number): Promise<number | null> {
  const [row] = await memberTypeRead(db, { groupId, userId });
  return row ? row.member_type : null;
}

/** The viewer's access to a group, or null when there is no such group. */
export async function groupAccess(db: DB, groupId: number, viewer: GroupViewer): Promise<GroupAccess | null> {
  const [group, memberType] = await Promise.all([findGroup(db, groupId), memberTypeOf(db, groupId, viewer.id)]);
  return group ? accessFor(group, memberType, viewer) : null;
}

/** Ids of the groups a user belongs to. */
export async function groupIdsOf(db: DB, userId: number): Promise<number[]> {
  return (await db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).execute()).map((r) => r.group_id);
}

/** The creator and moderators of a group (they are told about join requests and waiting posts). */
export async function groupAdminIds(db: DB, groupId: number): Promise<number[]> {
  return (await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('member_type', '>=', GroupMemberType.Moderator).execute()).map((r) => r.user_id);
}

/** One line of a group's moderation log: who did what to whom (beyond the spec). */
export async function logModeration(db: DB, entry: ModerationEntry): Promise<void> {
  await db
    .insertInto('group_moderation_log')
    .values({ group_id: entry.groupId, actor_id: entry.actorId, action: entry.action, target_user_id: entry.targetUserId, detail: entry.detail ?? '', created_at: now() })
    .execute();
}

/** Names of groups by id (posts show their group). */
export async function groupRefs(db: DB, ids: number[]): Promise<Map<number, GroupRef>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('forum_groups').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * May this viewer see this post of a group? Approved posts: whoever sees the group's content.
 * Pending posts: their author and the group admins.
 */
export function canSeeGroupPost(access: GroupAccess, post: { status: number; creator_id: number }, viewerId: number): boolean {
  if (!access.canSeeContent) return false;
  return post.status === PostStatus.Approved || post.creator_id === viewerId || access.isGroupAdmin;
}

/**
 * Members may open and download a scenario attached to a live post of their group that they can see
 * (DESIGN section 8 'attachments'), even when it is the author's private scenario.
 */
export async function canOpenScenarioThroughPost(db: DB, scenarioId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('post_scenarios')
    .innerJoin('posts', 'posts.id', 'post_scenarios.post_id')
    .innerJoin('group_members', (j) => j.onRef('group_members.group_id', '=', 'posts.group_id').on('group_members.user_id', '=', userId))
    .select('posts.id')
    .where('post_scenarios.scenario_id', '=', scenarioId)
    .where('posts.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('posts.status', '=', PostStatus.Approved), eb('posts.creator_id', '=', userId), eb('group_members.member_type', '>=', GroupMemberType.Moderator)]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Invites sent to an address before it had an account wait for it: once the address is verified the
 * invites become the account's, and it is told about each ('Invites by e-mail').
 */
export async function claimInvites(db: DB, userId: number, email: string): Promise<number> {
  const claimed = await db
    .updateTable('group_invites')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('email', '=', email.trim().toLowerCase())
    .returning(['group_id'])
    .execute();
  const names = await groupRefs(db, claimed.map((c) => c.group_id));
  for (const c of claimed) {
    const group = names.get(c.group_id);
    if (group) await notifyUsers(db, [userId], { message: { key: 'group_invite_pending', params: { group: group.name } }, link: '/me/forum/groups', kind: 'group' });
  }
  return claimed.length;
}

/** The groups port (lib/ports.ts) on a database. */
export function groupAccessRepository(db: DB): GroupsPort {
  return {
    access: (groupId, viewer) => groupAccess(db, groupId, viewer),
    canSeePost: canSeeGroupPost,
    idsOf: (userId) => groupIdsOf(db, userId),
    refs: (ids) => groupRefs(db, ids),
    adminIds: (groupId) => groupAdminIds(db, groupId),
    logModeration: (entry) => logModeration(db, entry),
    canOpenScenarioThroughPost: (scenarioId, userId) => canOpenScenarioThroughPost(db, scenarioId, userId),
    claimInvites: (userId, email) => claimInvites(db, userId, email),
  };
}
