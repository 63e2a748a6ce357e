// Every /api/forumgroup call of spec section 7, plus the moderation calls the issue adds
// (remove a member or a moderator, cancel an invite, the moderation log). Group posts live under
// /api/forumpost in features/posts/group-posts-routes.ts.
import type { FastifyInstance } from 'fastify';
import { idParams, messageSchema } from '../../../shared/schemas/common.js';
import {
  addModeratorsSchema,
  createGroupSchema,
  forumGroupSchema,
  groupIdParams,
  groupSummarySchema,
  groupUserParams,
  joinRequestBodySchema,
  joinRequestListSchema,
  moderationLogSchema,
  myGroupListSchema,
  sendInviteSchema,
  updateGroupSchema,
} from '../../../shared/schemas/groups.js';
import { route } from '../../lib/route.js';
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
  /** Group rules answer 403 (role), 404 (missing or not visible), 409 (state) and 422 (input). */
  const errors = [403, 404, 409, 422];
  const base = '/api/forumgroup';

  app.jobs.register(INVITE_MAIL_JOB, async (payload) => {
    const job = payload as unknown as InviteMailJob;
    await app.mailer.send(inviteMail({ ...job, publicUrl: app.config.publicUrl }));
  });

  route(app, {
    method: 'GET', url: `${base}/mygroups`, auth: 'user', tags,
    summary: 'The groups I joined, by name: [{ id, name, status: Joined, role }]',
    response: myGroupListSchema,
  }, async ({ user }) => service.mine(user));

  route(app, {
    method: 'GET', url: `${base}/mygroupswithstatus`, auth: 'user', tags,
    summary: 'My pending invites (status Invited) and the groups I joined (status Joined, with my role)',
    response: myGroupListSchema,
  }, async ({ user }) => service.mineWithStatus(user));

  route(app, {
    method: 'POST', url: `${base}/creategroup`, auth: 'user', tags, errors, status: 201,
    summary: 'Create a group; the creator is its owner (member type 2)',
    body: createGroupSchema,
    response: forumGroupSchema,
  }, async ({ user, body }) => service.create(user, body));

  route(app, {
    method: 'GET', url: `${base}/:id`, auth: 'user', tags, errors,
    summary: 'A group with my standing; members when I may see them (open group, or a member), invites and request counts for group admins',
    params: idParams,
    response: forumGroupSchema,
  }, async ({ user, params }) => service.get(user, params.id));

  route(app, {
    method: 'GET', url: `${base}/GetGroupWithoutMembers/:id`, auth: 'user', tags, errors,
    summary: 'A group with my standing, without member lists (name and description are visible to every signed-in user)',
    params: idParams,
    response: groupSummarySchema,
  }, async ({ user, params }) => service.getWithoutMembers(user, params.id));

  route(app, {
    method: 'PATCH', url: `${base}/updategroup/:id`, auth: 'user', tags, errors,
    summary: 'Group admins: change name, description, membershipType (0 public, 1 inviteOnly) and postingType',
    params: idParams,
    body: updateGroupSchema,
    response: forumGroupSchema,
  }, async ({ user, params, body }) => service.update(user, params.id, body));

  route(app, {
    method: 'DELETE', url: `${base}/deletegroup/:id`, auth: 'user', tags, errors,
    summary: "The owner (or a site admin) deletes the group and its posts: 'Group deleted.'",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.remove(user, params.id));

  route(app, {
    method: 'POST', url: `${base}/joinopengroup/:id`, auth: 'user', tags, errors,
    summary: "Join an open group directly: 'You joined the group' (403 for an invite-only group, 409 when already a member)",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.joinOpen(user, params.id));

  route(app, {
    method: 'POST', url: `${base}/requestToJoinGroup/:id`, auth: 'user', tags, errors,
    summary: 'Ask to join an invite-only group, with an optional short message for its admins (who are notified)',
    params: idParams,
    body: joinRequestBodySchema,
    response: messageSchema,
  }, async ({ user, params, body }) => service.requestToJoin(user, params.id, body.message));

  route(app, {
    method: 'POST', url: `${base}/acceptinvite/:id`, auth: 'user', tags, errors,
    summary: "Accept my invite to group {id}: 'You joined the group'",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.acceptInvite(user, params.id));

  route(app, {
    method: 'POST', url: `${base}/rejectinvite/:id`, auth: 'user', tags, errors,
    summary: "Decline my invite to group {id}: \"You didn't join the group\"",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.rejectInvite(user, params.id));

  route(app, {
    method: 'GET', url: `${base}/GroupJoinRequests/:id`, auth: 'user', tags, errors,
    summary: 'Group admins: the join requests waiting, oldest first',
    params: idParams,
    response: joinRequestListSchema,
  }, async ({ user, params }) => service.joinRequests(user, params.id));

  route(app, {
    method: 'POST', url: `${base}/approvejoinrequest/:id`, auth: 'user', tags, errors,
    summary: "Group admins: approve join request {id}; the requester becomes a member and is notified: 'Join request approved'",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.decideJoinRequest(user, params.id, true));

  route(app, {
    method: 'POST', url: `${base}/declinejoinrequest/:id`, auth: 'user', tags, errors,
    summary: "Group admins: decline join request {id}; the requester is notified: 'Join request declined'",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.decideJoinRequest(user, params.id, false));

  route(app, {
    method: 'POST', url: `${base}/LeaveGroup/:id`, auth: 'user', tags, errors,
    summary: "Leave a group: 'You left the group.' (the creator may not: 403)",
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.leave(user, params.id));

  route(app, {
    method: 'POST', url: `${base}/addmoderators/:groupId`, auth: 'user', tags, errors,
    summary: 'The owner makes members moderators: a list of user ids (or { userIds }), at least one',
    params: groupIdParams,
    body: addModeratorsSchema,
    response: messageSchema,
  }, async ({ user, params, body }) => service.addModerators(user, params.groupId, body));

  route(app, {
    method: 'POST', url: `${base}/removemoderator/:groupId/:userId`, auth: 'user', tags, errors,
    summary: 'The owner makes a moderator a plain member again',
    params: groupUserParams,
    response: messageSchema,
  }, async ({ user, params }) => service.removeModerator(user, params.groupId, params.userId));

  route(app, {
    method: 'POST', url: `${base}/removemember/:groupId/:userId`, auth: 'user', tags, errors,
    summary: 'Group admins remove a member (only the owner removes a moderator; nobody removes the owner)',
    params: groupUserParams,
    response: messageSchema,
  }, async ({ user, params }) => service.removeMember(user, params.groupId, params.userId));

  route(app, {
    method: 'POST', url: `${base}/sendinvites/:groupId`, auth: 'user', tags, errors,
    summary: "Group admins invite an e-mail address: an account gets a notification and an e-mail; an unknown address is invited to register. 'Invite sent.'",
    params: groupIdParams,
    body: sendInviteSchema,
    response: messageSchema,
    rateLimit: { max: Math.max(app.config.rateLimit.email, 30), timeWindow: app.config.rateLimit.windowMs },
  }, async ({ user, params, body }) => service.sendInvite(user, params.groupId, body.email));

  route(app, {
    method: 'POST', url: `${base}/cancelinvite/:id`, auth: 'user', tags, errors,
    summary: 'Group admins withdraw invite {id}',
    params: idParams,
    response: messageSchema,
  }, async ({ user, params }) => service.cancelInvite(user, params.id));

  route(app, {
    method: 'GET', url: `${base}/moderationlog/:id`, auth: 'user', tags, errors,
    summary: 'Group admins: who approved, declined, invited, removed or promoted whom, newest first',
    params: idParams,
    response: moderationLogSchema,
  }, async ({ user, params }) => service.moderationLog(user, params.id));
}
