// Every /api/forumgroup call of spec section 7, plus the moderation calls the issue adds
// (remove a member or a moderator, cancel an invite, the moderation log). Group posts live under
// /api/forumpost in features/posts/group-posts-routes.ts.
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import {
  getMyGroups,
  getMyGroupsWithStatus,
  createGroup,
  getGroup,
  getGroupWithoutMembers,
  updateGroup,
  deleteGroup,
  joinOpenGroup,
  requestToJoinGroup,
  acceptInvite,
  rejectInvite,
  getGroupJoinRequests,
  approveJoinRequest,
  declineJoinRequest,
  leaveGroup,
  addModerators,
  removeModerator,
  removeMember,
  sendInvites,
  cancelInvite,
  getModerationLog,
} from '../../../shared/endpoints/groups.js';
import { inviteMail } from './emails.js';
import { groupsRepository } from './repository.js';
import { groupAccessRepository } from './access.js';
import { notifyUsers } from '../../lib/notifications.js';
import { INVITE_MAIL_JOB, groupsService, type InviteMailJob } from './service.js';

export default async function groupRoutes(app: FastifyInstance) {
  const service = groupsService({
    repo: groupsRepository(app.db),
    access: groupAccessRepository(app.db),
    notify: (userIds, n) => notifyUsers(app.db, userIds, n),
    jobs: app.jobs,
  });
  const tags = ['groups'];

  app.jobs.register(INVITE_MAIL_JOB, async (payload) => {
    const job = payload as unknown as InviteMailJob;
    await app.mailer.send(inviteMail({ ...job, publicUrl: app.config.publicUrl }));
  });

  route(app, getMyGroups, {
    auth: 'user',
    tags,
    summary: 'The groups I joined, by name: [{ id, name, status: Joined, role }]',
  }, async ({ user }) => service.mine(user));

  route(app, getMyGroupsWithStatus, {
    auth: 'user',
    tags,
    summary: 'My pending invites (status Invited) and the groups I joined (status Joined, with my role)',
  }, async ({ user }) => service.mineWithStatus(user));

  route(app, createGroup, {
    auth: 'user',
    tags,
    summary: 'Create a group; the creator is its owner (member type 2)',
  }, async ({ user, body }) => service.create(user, body));

  route(app, getGroup, {
    auth: 'user',
    tags,
    summary: 'A group with my standing; members when I may see them (open group, or a member), invites and request counts for group admins',
  }, async ({ user, params }) => service.get(user, params.id));

  route(app, getGroupWithoutMembers, {
    auth: 'user',
    tags,
    summary: 'A group with my standing, without member lists (name and description are visible to every signed-in user)',
  }, async ({ user, params }) => service.getWithoutMembers(user, params.id));

  route(app, updateGroup, {
    auth: 'user',
    tags,
    summary: 'Group admins: change name, description, membershipType (0 public, 1 inviteOnly) and postingType',
  }, async ({ user, params, body }) => service.update(user, params.id, body));

  route(app, deleteGroup, {
    auth: 'user',
    tags,
    summary: "The owner (or a site admin) deletes the group and its posts: 'Group deleted.'",
  }, async ({ user, params }) => service.remove(user, params.id));

  route(app, joinOpenGroup, {
    auth: 'user',
    tags,
    summary: "Join an open group directly: 'You joined the group' (403 for an invite-only group, 409 when already a member)",
  }, async ({ user, params }) => service.joinOpen(user, params.id));

  route(app, requestToJoinGroup, {
    auth: 'user',
    tags,
    summary: 'Ask to join an invite-only group, with an optional short message for its admins (who are notified)',
  }, async ({ user, params, body }) => service.requestToJoin(user, params.id, body.message));

  route(app, acceptInvite, {
    auth: 'user',
    tags,
    summary: "Accept my invite to group {id}: 'You joined the group'",
  }, async ({ user, params }) => service.acceptInvite(user, params.id));

  route(app, rejectInvite, {
    auth: 'user',
    tags,
    summary: "Decline my invite to group {id}: \"You didn't join the group\"",
  }, async ({ user, params }) => service.rejectInvite(user, params.id));

  route(app, getGroupJoinRequests, {
    auth: 'user',
    tags,
    summary: 'Group admins: the join requests waiting, oldest first',
  }, async ({ user, params }) => service.joinRequests(user, params.id));

  route(app, approveJoinRequest, {
    auth: 'user',
    tags,
    summary: "Group admins: approve join request {id}; the requester becomes a member and is notified: 'Join request approved'",
  }, async ({ user, params }) => service.decideJoinRequest(user, params.id, true));

  route(app, declineJoinRequest, {
    auth: 'user',
    tags,
    summary: "Group admins: decline join request {id}; the requester is notified: 'Join request declined'",
  }, async ({ user, params }) => service.decideJoinRequest(user, params.id, false));

  route(app, leaveGroup, {
    auth: 'user',
    tags,
    summary: "Leave a group: 'You left the group.' (the creator may not: 403)",
  }, async ({ user, params }) => service.leave(user, params.id));

  route(app, addModerators, {
    auth: 'user',
    tags,
    summary: 'The owner makes members moderators: a list of user ids (or { userIds }), at least one',
  }, async ({ user, params, body }) => service.addModerators(user, params.groupId, body));

  route(app, removeModerator, {
    auth: 'user',
    tags,
    summary: 'The owner makes a moderator a plain member again',
  }, async ({ user, params }) => service.removeModerator(user, params.groupId, params.userId));

  route(app, removeMember, {
    auth: 'user',
    tags,
    summary: 'Group admins remove a member (only the owner removes a moderator; nobody removes the owner)',
  }, async ({ user, params }) => service.removeMember(user, params.groupId, params.userId));

  route(app, sendInvites, {
    auth: 'user',
    tags,
    summary: "Group admins invite an e-mail address: an account gets a notification and an e-mail; an unknown address is invited to register. 'Invite sent.'",
    rateLimit: { max: Math.max(app.config.rateLimit.email, 30), timeWindow: app.config.rateLimit.windowMs },
  }, async ({ user, params, body }) => service.sendInvite(user, params.groupId, body.email));

  route(app, cancelInvite, {
    auth: 'user',
    tags,
    summary: 'Group admins withdraw invite {id}',
  }, async ({ user, params }) => service.cancelInvite(user, params.id));

  route(app, getModerationLog, {
    auth: 'user',
    tags,
    summary: 'Group admins: who approved, declined, invited, removed or promoted whom, newest first',
  }, async ({ user, params }) => service.moderationLog(user, params.id));
}
