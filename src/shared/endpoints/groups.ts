// Every /api/forumgroup call of spec section 7, with the moderation calls (members, moderators, invites, log).
import { myGroupListSchema, createGroupSchema, forumGroupSchema, groupSummarySchema, updateGroupSchema, joinRequestBodySchema, joinRequestListSchema, groupIdParams, addModeratorsSchema, groupUserParams, sendInviteSchema, moderationLogSchema } from '../schemas/groups.js';
import { idParams, messageSchema } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** Group rules answer 403 (role), 404 (missing or not visible), 409 (state) and 422 (input). */
const errors = [403, 404, 409, 422];

/** The groups I joined, by name: [{ id, name, status: Joined, role }] */
export const getMyGroups = endpoint({
  method: 'GET',
  path: '/api/forumgroup/mygroups',
  response: myGroupListSchema,
});

/** My pending invites (status Invited) and the groups I joined (status Joined, with my role) */
export const getMyGroupsWithStatus = endpoint({
  method: 'GET',
  path: '/api/forumgroup/mygroupswithstatus',
  response: myGroupListSchema,
});

/** Create a group; the creator is its owner (member type 2) */
export const createGroup = endpoint({
  method: 'POST',
  path: '/api/forumgroup/creategroup',
  errors,
  status: 201,
  body: createGroupSchema,
  response: forumGroupSchema,
});

/** A group with my standing; members when I may see them (open group, or a member), invites and request counts for group admins */
export const getGroup = endpoint({
  method: 'GET',
  path: '/api/forumgroup/:id',
  errors,
  params: idParams,
  response: forumGroupSchema,
});

/** A group with my standing, without member lists (name and description are visible to every signed-in user) */
export const getGroupWithoutMembers = endpoint({
  method: 'GET',
  path: '/api/forumgroup/GetGroupWithoutMembers/:id',
  errors,
  params: idParams,
  response: groupSummarySchema,
});

/** Group admins: change name, description, membershipType (0 public, 1 inviteOnly) and postingType */
export const updateGroup = endpoint({
  method: 'PATCH',
  path: '/api/forumgroup/updategroup/:id',
  errors,
  params: idParams,
  body: updateGroupSchema,
  response: forumGroupSchema,
});

/** The owner (or a site admin) deletes the group and its posts: 'Group deleted.' */
export const deleteGroup = endpoint({
  method: 'DELETE',
  path: '/api/forumgroup/deletegroup/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Join an open group directly: 'You joined the group' (403 for an invite-only group, 409 when already a member) */
export const joinOpenGroup = endpoint({
  method: 'POST',
  path: '/api/forumgroup/joinopengroup/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Ask to join an invite-only group, with an optional short message for its admins (who are notified) */
export const requestToJoinGroup = endpoint({
  method: 'POST',
  path: '/api/forumgroup/requestToJoinGroup/:id',
  errors,
  params: idParams,
  body: joinRequestBodySchema,
  response: messageSchema,
});

/** Accept my invite to group {id}: 'You joined the group' */
export const acceptInvite = endpoint({
  method: 'POST',
  path: '/api/forumgroup/acceptinvite/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Decline my invite to group {id}: "You didn't join the group" */
export const rejectInvite = endpoint({
  method: 'POST',
  path: '/api/forumgroup/rejectinvite/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Group admins: the join requests waiting, oldest first */
export const getGroupJoinRequests = endpoint({
  method: 'GET',
  path: '/api/forumgroup/GroupJoinRequests/:id',
  errors,
  params: idParams,
  response: joinRequestListSchema,
});

/** Group admins: approve join request {id}; the requester becomes a member and is notified: 'Join request approved' */
export const approveJoinRequest = endpoint({
  method: 'POST',
  path: '/api/forumgroup/approvejoinrequest/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Group admins: decline join request {id}; the requester is notified: 'Join request declined' */
export const declineJoinRequest = endpoint({
  method: 'POST',
  path: '/api/forumgroup/declinejoinrequest/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Leave a group: 'You left the group.' (the creator may not: 403) */
export const leaveGroup = endpoint({
  method: 'POST',
  path: '/api/forumgroup/LeaveGroup/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** The owner makes members moderators: a list of user ids (or { userIds }), at least one */
export const addModerators = endpoint({
  method: 'POST',
  path: '/api/forumgroup/addmoderators/:groupId',
  errors,
  params: groupIdParams,
  body: addModeratorsSchema,
  response: messageSchema,
});

/** The owner makes a moderator a plain member again */
export const removeModerator = endpoint({
  method: 'POST',
  path: '/api/forumgroup/removemoderator/:groupId/:userId',
  errors,
  params: groupUserParams,
  response: messageSchema,
});

/** Group admins remove a member (only the owner removes a moderator; nobody removes the owner) */
export const removeMember = endpoint({
  method: 'POST',
  path: '/api/forumgroup/removemember/:groupId/:userId',
  errors,
  params: groupUserParams,
  response: messageSchema,
});

/** Group admins invite an e-mail address: an account gets a notification and an e-mail; an unknown address is invited to register. 'Invite sent.' */
export const sendInvites = endpoint({
  method: 'POST',
  path: '/api/forumgroup/sendinvites/:groupId',
  errors,
  params: groupIdParams,
  body: sendInviteSchema,
  response: messageSchema,
});

/** Group admins withdraw invite {id} */
export const cancelInvite = endpoint({
  method: 'POST',
  path: '/api/forumgroup/cancelinvite/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Group admins: who approved, declined, invited, removed or promoted whom, newest first */
export const getModerationLog = endpoint({
  method: 'GET',
  path: '/api/forumgroup/moderationlog/:id',
  errors,
  params: idParams,
  response: moderationLogSchema,
});
