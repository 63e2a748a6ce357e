// Forum group rules (spec sections 4-6): access checks first (404 for what the viewer may
// not see, 403 for what their group role does not allow), then the rules, then mapping rows to the
// response shapes of src/shared/schemas/groups.ts.
import type * as v from 'valibot';
import type { JobQueue } from '../../jobs/queue.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import type { NewNotification } from '../../lib/notifications.js';
import { accessFor, type GroupAccess, type GroupsPort, type GroupViewer } from './access.js';
import {
  GROUP_MESSAGES,
  GroupMemberType,
  MembershipType,
  roleName,
  type createGroupSchema,
  type ForumGroup,
  type GroupSummary,
  type JoinRequest,
  type ModerationLogEntry,
  type MyGroupEntry,
  type updateGroupSchema,
} from '../../../shared/schemas/groups.js';
import type { UserRef } from '../../../shared/schemas/common.js';
import type { GroupsRepository, GroupRow } from './repository.js';

export const INVITE_MAIL_JOB = 'group.invite-mail';

export interface InviteMailJob {
  to: string;
  groupName: string;
  inviterName: string;
  existing: boolean;
}

export interface GroupsDeps {
  repo: GroupsRepository;
  /** Group admins and the moderation log (./access.ts). */
  access: Pick<GroupsPort, 'adminIds' | 'logModeration'>;
  /** Tell users something (lib/notifications.ts). */
  notify: (userIds: number[], n: NewNotification) => Promise<void>;
  jobs: Pick<JobQueue, 'enqueue'>;
}

type Viewer = GroupViewer & { first_name: string; last_name: string };
type Msg = { message: string };

const ref = (id: number, uuid_id: string, first_name: string, last_name: string): UserRef => ({ id, uuid_id, first_name, last_name });
const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Links of the notifications (client routes). */
const links = {
  myGroups: '/me/forum/groups',
  group: (id: number) => `/forum/group/${id}`,
  joinRequests: (id: number) => `/forum/edit/${id}?tab=join-requests`,
};

export function groupsService({ repo, access: groups, notify, jobs }: GroupsDeps) {
  async function access(viewer: GroupViewer, groupId: number): Promise<GroupAccess> {
    const [group, memberType] = await Promise.all([repo.byId(groupId), repo.memberType(groupId, viewer.id)]);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    return accessFor(group, memberType, viewer);
  }
  /** Posts, members and pending items of an invite-only group are its members' business only. */
  function requireContent(a: GroupAccess, message: string = GROUP_MESSAGES.notFound) {
    if (!a.canSeeContent) throw notFound(message);
  }
  function requireGroupAdmin(a: GroupAccess, message?: string) {
    requireContent(a, message);
    if (!a.isGroupAdmin) throw forbidden(GROUP_MESSAGES.adminsOnly);
  }
  function requireOwner(a: GroupAccess) {
    requireContent(a);
    if (!a.isOwnerOrSiteAdmin) throw forbidden(GROUP_MESSAGES.ownerOnly);
  }

  async function summary(a: GroupAccess, viewer: GroupViewer): Promise<GroupSummary> {
    const g = a.group;
    const [creator, memberCount, joinRequest, invite, joinRequestCount, postRequestCount] = await Promise.all([
      repo.userRef(g.creator_id),
      repo.memberCount(g.id),
      a.isMember ? undefined : repo.joinRequestOf(g.id, viewer.id),
      a.isMember ? undefined : repo.inviteFor(g.id, viewer.id),
      a.isGroupAdmin ? repo.countJoinRequests(g.id) : 0,
      a.isGroupAdmin ? repo.countPendingPosts(g.id) : 0,
    ]);
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      membershipType: g.membership_type,
      postingType: g.posting_type,
      isInviteOnly: g.membership_type === MembershipType.InviteOnly,
      creator: creator ? ref(creator.id, creator.uuid_id, creator.first_name, creator.last_name) : ref(g.creator_id, '', 'Unknown', 'user'),
      created_at: g.created_at,
      memberCount,
      userIsMember: a.isMember,
      memberType: a.memberType,
      isOwner: a.isOwner,
      isGroupAdmin: a.isGroupAdmin,
      hasOwnerRights: a.isOwnerOrSiteAdmin,
      joinRequestSent: Boolean(joinRequest),
      inviteReceived: Boolean(invite),
      canSeeContent: a.canSeeContent,
      joinRequestCount,
      postRequestCount,
    };
  }

  async function full(a: GroupAccess, viewer: GroupViewer): Promise<ForumGroup> {
    const [s, members, invites] = await Promise.all([
      summary(a, viewer),
      a.canSeeContent ? repo.members(a.group.id) : [],
      a.isGroupAdmin ? repo.invites(a.group.id) : [],
    ]);
    return {
      ...s,
      members: members.map((m) => ({ user: ref(m.id, m.uuid_id, m.first_name, m.last_name), memberType: m.member_type, joined_at: m.joined_at })),
      invites: invites.map((i) => ({
        id: i.id,
        email: i.email,
        user: i.user_id !== null ? ref(i.user_id, i.user_uuid_id!, i.user_first_name!, i.user_last_name!) : null,
        invited_by: ref(i.inviter_id, i.inviter_uuid_id, i.inviter_first_name, i.inviter_last_name),
        created_at: i.created_at,
      })),
    };
  }

  const entry = (g: Pick<GroupRow, 'id' | 'name' | 'description' | 'membership_type'>, status: 'Joined' | 'Invited', memberType: number | null, invitedBy: UserRef | null): MyGroupEntry => ({
    id: g.id,
    name: g.name,
    description: g.description,
    status,
    role: memberType === null ? null : roleName(memberType),
    memberType,
    isInviteOnly: g.membership_type === MembershipType.InviteOnly,
    invitedBy,
  });

  /** A new member: their invite and join request are settled. */
  async function admit(groupId: number, userId: number): Promise<boolean> {
    const added = await repo.addMember(groupId, userId, GroupMemberType.Member);
    await Promise.all([repo.deleteInvitesOf(groupId, userId), repo.deleteJoinRequestOf(groupId, userId)]);
    return added;
  }

  return {
    async get(viewer: GroupViewer, id: number): Promise<ForumGroup> {
      return full(await access(viewer, id), viewer);
    },

    async getWithoutMembers(viewer: GroupViewer, id: number): Promise<GroupSummary> {
      return summary(await access(viewer, id), viewer);
    },

    async create(viewer: Viewer, input: v.InferOutput<typeof createGroupSchema>): Promise<ForumGroup> {
      const group = await repo.create({
        name: input.name,
        description: input.description,
        membership_type: input.membershipType,
        posting_type: input.postingType,
        creator_id: viewer.id,
      });
      return full(accessFor(group, GroupMemberType.Creator, viewer), viewer);
    },

    /** Group admins change the settings (the Update details tab). */
    async update(viewer: Viewer, id: number, input: v.InferOutput<typeof updateGroupSchema>): Promise<ForumGroup> {
      const a = await access(viewer, id);
      requireGroupAdmin(a);
      if (input.id !== undefined && input.id !== id) throw unprocessable(GROUP_MESSAGES.idMismatch);
      // Kysely leaves out the values that are undefined: absent settings stay as they are.
      await repo.update(id, {
        name: input.name,
        description: input.description,
        membership_type: input.membershipType,
        posting_type: input.postingType,
      });
      return full(await access(viewer, id), viewer);
    },

    /** Only the owner (or a site admin) deletes a group; its posts go with it. */
    async remove(viewer: Viewer, id: number): Promise<Msg> {
      requireOwner(await access(viewer, id));
      await repo.delete(id);
      return { message: GROUP_MESSAGES.deleted };
    },

    /** GET mygroups: the groups I joined (the feed's mini list). */
    async mine(viewer: GroupViewer): Promise<MyGroupEntry[]> {
      return (await repo.joinedBy(viewer.id)).map((g) => entry(g, 'Joined', g.member_type, null));
    },

    /** GET mygroupswithstatus: pending invites first, then the groups I joined. */
    async mineWithStatus(viewer: GroupViewer): Promise<MyGroupEntry[]> {
      const [invites, joined] = await Promise.all([repo.invitesOf(viewer.id), repo.joinedBy(viewer.id)]);
      const joinedIds = new Set(joined.map((g) => g.id));
      return [
        ...invites
          .filter((i) => !joinedIds.has(i.id))
          .map((i) => entry(i, 'Invited', null, ref(i.inviter_id, i.inviter_uuid_id, i.inviter_first_name, i.inviter_last_name))),
        ...joined.map((g) => entry(g, 'Joined', g.member_type, null)),
      ];
    },

    async joinOpen(viewer: GroupViewer, id: number): Promise<Msg> {
      const a = await access(viewer, id);
      if (a.isMember) throw conflict(GROUP_MESSAGES.alreadyMember);
      if (a.group.membership_type !== MembershipType.Public) throw forbidden(GROUP_MESSAGES.inviteOnly);
      if (!(await admit(id, viewer.id))) throw conflict(GROUP_MESSAGES.alreadyMember);
      return { message: GROUP_MESSAGES.joined };
    },

    /** An invite-only group: a join request for its admins, with an optional short message. */
    async requestToJoin(viewer: Viewer, id: number, message: string): Promise<Msg> {
      const a = await access(viewer, id);
      if (a.isMember) throw conflict(GROUP_MESSAGES.alreadyMember);
      if (a.group.membership_type === MembershipType.Public) throw unprocessable(GROUP_MESSAGES.openGroup);
      if (await repo.inviteFor(id, viewer.id)) throw conflict(GROUP_MESSAGES.invitedAlready);
      if (!(await repo.addJoinRequest(id, viewer.id, message))) throw conflict(GROUP_MESSAGES.alreadyRequested);
      await notify(await groups.adminIds(id), {
        message: message
          ? { key: 'join_request_message', params: { actor: nameOf(viewer), group: a.group.name, message } }
          : { key: 'join_request', params: { actor: nameOf(viewer), group: a.group.name } },
        link: links.joinRequests(id),
        kind: 'group',
        actorId: viewer.id,
      });
      return { message: GROUP_MESSAGES.joinRequestSent };
    },

    /** Invited -> Joined. */
    async acceptInvite(viewer: GroupViewer, id: number): Promise<Msg> {
      const a = await access(viewer, id);
      const invite = await repo.inviteFor(id, viewer.id);
      if (!invite) throw notFound(GROUP_MESSAGES.inviteNotFound);
      if (a.isMember || !(await admit(id, viewer.id))) {
        await repo.deleteInvitesOf(id, viewer.id);
        throw conflict(GROUP_MESSAGES.alreadyMember);
      }
      return { message: GROUP_MESSAGES.joined };
    },

    /** Invited -> removed. */
    async rejectInvite(viewer: GroupViewer, id: number): Promise<Msg> {
      await access(viewer, id);
      const invite = await repo.inviteFor(id, viewer.id);
      if (!invite || !(await repo.deleteInvite(invite.id))) throw notFound(GROUP_MESSAGES.inviteNotFound);
      return { message: GROUP_MESSAGES.inviteDeclined };
    },

    async joinRequests(viewer: GroupViewer, groupId: number): Promise<JoinRequest[]> {
      requireGroupAdmin(await access(viewer, groupId));
      return (await repo.joinRequests(groupId)).map((r) => ({ id: r.request_id, user: ref(r.id, r.uuid_id, r.first_name, r.last_name), message: r.message, created_at: r.created_at }));
    },

    async decideJoinRequest(viewer: GroupViewer, requestId: number, approve: boolean): Promise<Msg> {
      const request = await repo.joinRequestById(requestId);
      if (!request) throw notFound(GROUP_MESSAGES.joinRequestNotFound);
      const a = await access(viewer, request.group_id);
      requireGroupAdmin(a, GROUP_MESSAGES.joinRequestNotFound);
      // Two admins at once: whoever removes the request decides.
      if (!(await repo.deleteJoinRequest(requestId))) throw notFound(GROUP_MESSAGES.joinRequestNotFound);
      if (approve) await admit(request.group_id, request.user_id);
      await groups.logModeration({ groupId: request.group_id, actorId: viewer.id, action: approve ? 'approved_join' : 'declined_join', targetUserId: request.user_id });
      await notify([request.user_id], {
        message: { key: approve ? 'join_approved' : 'join_declined', params: { group: a.group.name } },
        link: links.group(request.group_id),
      });
      return { message: approve ? GROUP_MESSAGES.joinApproved : GROUP_MESSAGES.joinDeclined };
    },

    /** Members leave; the creator may not. */
    async leave(viewer: GroupViewer, id: number): Promise<Msg> {
      const a = await access(viewer, id);
      if (!a.isMember) throw notFound(GROUP_MESSAGES.notMember);
      if (a.isOwner) throw forbidden(GROUP_MESSAGES.creatorCannotLeave);
      await repo.removeMember(id, viewer.id);
      return { message: GROUP_MESSAGES.left };
    },

    /** Only the owner assigns moderators, from the group's members (spec section 5 'Moderator add'). */
    async addModerators(viewer: Viewer, groupId: number, userIds: number[]): Promise<Msg> {
      const a = await access(viewer, groupId);
      requireOwner(a);
      const members = new Map((await repo.members(groupId)).map((m) => [m.id, m]));
      for (const id of userIds) {
        const m = members.get(id);
        if (!m) throw unprocessable(GROUP_MESSAGES.moderatorNotMember);
        if (m.member_type === GroupMemberType.Creator) throw unprocessable(GROUP_MESSAGES.creatorIsOwner);
      }
      const promoted = userIds.filter((id) => members.get(id)!.member_type === GroupMemberType.Member);
      await repo.setMemberType(groupId, promoted, GroupMemberType.Moderator);
      for (const id of promoted) await groups.logModeration({ groupId, actorId: viewer.id, action: 'promoted_moderator', targetUserId: id });
      await notify(promoted, { message: { key: 'moderator', params: { group: a.group.name } }, link: links.group(groupId), kind: 'group' });
      return { message: GROUP_MESSAGES.saved };
    },

    async removeModerator(viewer: Viewer, groupId: number, userId: number): Promise<Msg> {
      requireOwner(await access(viewer, groupId));
      if ((await repo.memberType(groupId, userId)) !== GroupMemberType.Moderator) throw unprocessable(GROUP_MESSAGES.notModerator);
      await repo.setMemberType(groupId, [userId], GroupMemberType.Member);
      await groups.logModeration({ groupId, actorId: viewer.id, action: 'demoted_moderator', targetUserId: userId });
      return { message: GROUP_MESSAGES.saved };
    },

    /** Group admins remove members; only the owner removes a moderator; nobody removes the owner. */
    async removeMember(viewer: Viewer, groupId: number, userId: number): Promise<Msg> {
      const a = await access(viewer, groupId);
      requireGroupAdmin(a);
      const type = await repo.memberType(groupId, userId);
      if (type === null) throw notFound(GROUP_MESSAGES.userNotMember);
      if (type === GroupMemberType.Creator) throw forbidden(GROUP_MESSAGES.cannotRemoveOwner);
      if (type === GroupMemberType.Moderator && !a.isOwnerOrSiteAdmin && userId !== viewer.id) throw forbidden(GROUP_MESSAGES.moderatorsByOwner);
      await repo.removeMember(groupId, userId);
      await groups.logModeration({ groupId, actorId: viewer.id, action: 'removed_member', targetUserId: userId });
      return { message: GROUP_MESSAGES.saved };
    },

    /**
     * Invite by e-mail: an account holding the address is told in the app and by e-mail; an unknown
     * address is invited to register and the invite waits for it (claimed on verification).
     */
    async sendInvite(viewer: Viewer, groupId: number, email: string): Promise<Msg> {
      const a = await access(viewer, groupId);
      requireGroupAdmin(a);
      const invitee = await repo.userByEmail(email);
      if (invitee && (await repo.memberType(groupId, invitee.id)) !== null) throw conflict(GROUP_MESSAGES.inviteeIsMember);
      if (!(await repo.addInvite({ group_id: groupId, email, user_id: invitee?.id ?? null, invited_by: viewer.id }))) throw conflict(GROUP_MESSAGES.alreadyInvited);
      await groups.logModeration({ groupId, actorId: viewer.id, action: 'invited', targetUserId: invitee?.id ?? null, detail: email });
      if (invitee) {
        await notify([invitee.id], { message: { key: 'group_invite', params: { actor: nameOf(viewer), group: a.group.name } }, link: links.myGroups, kind: 'group', actorId: viewer.id });
      }
      const job: InviteMailJob = { to: email, groupName: a.group.name, inviterName: nameOf(viewer), existing: Boolean(invitee) };
      await jobs.enqueue(INVITE_MAIL_JOB, { ...job });
      return { message: GROUP_MESSAGES.inviteSent };
    },

    async cancelInvite(viewer: Viewer, inviteId: number): Promise<Msg> {
      const invite = await repo.inviteById(inviteId);
      if (!invite) throw notFound(GROUP_MESSAGES.inviteNotFound);
      requireGroupAdmin(await access(viewer, invite.group_id), GROUP_MESSAGES.inviteNotFound);
      if (!(await repo.deleteInvite(inviteId))) throw notFound(GROUP_MESSAGES.inviteNotFound);
      await groups.logModeration({ groupId: invite.group_id, actorId: viewer.id, action: 'cancelled_invite', targetUserId: invite.user_id, detail: invite.email });
      return { message: GROUP_MESSAGES.inviteCancelled };
    },

    async moderationLog(viewer: GroupViewer, groupId: number): Promise<ModerationLogEntry[]> {
      requireGroupAdmin(await access(viewer, groupId));
      return (await repo.logOf(groupId)).map((r) => ({
        id: r.id,
        action: r.action,
        actor: ref(r.actor_id, r.actor_uuid_id, r.actor_first_name, r.actor_last_name),
        target: r.target_id !== null ? ref(r.target_id, r.target_uuid_id!, r.target_first_name!, r.target_last_name!) : null,
        detail: r.detail,
        created_at: r.created_at,
      }));
    },
  };
}

export type GroupsService = ReturnType<typeof groupsService>;
