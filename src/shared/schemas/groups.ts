// Forum groups (spec sections 3-8): the requests and responses of every /api/forumgroup
// call and of the group-post calls under /api/forumpost, the group forms' rules, and the messages
// the screens show. Server and client both read this file.
import * as v from 'valibot';
import { postSortParam } from './conversation.js';
import { emailSchema } from './auth.js';
import { MAX_ID, idParam, intString, userRefSchema, cursorParam } from './common.js';
import { createPostResponseSchema, forumPostSchema, postsPageSchema } from './posts.js';

// ---- enumerations (spec section 3) ---------------------------------------------------------------

/** Group membership type: public (open) 0, inviteOnly 1. */
export const MembershipType = { Public: 0, InviteOnly: 1 } as const;
/** Posting type: posts appear at once, or wait for a group admin. */
export const POSTING_TYPES = ['allowAll', 'requireModeration'] as const;
export type PostingType = (typeof POSTING_TYPES)[number];
/** Group member type: 0 member (user), 1 moderator, 2 creator (owner). */
export const GroupMemberType = { Member: 0, Moderator: 1, Creator: 2 } as const;
export const GROUP_ROLE_NAMES = ['Member', 'Moderator', 'Creator'] as const;
export type GroupRoleName = (typeof GROUP_ROLE_NAMES)[number];
export const roleName = (memberType: number): GroupRoleName => GROUP_ROLE_NAMES[memberType] ?? 'Member';

// ---- messages (spec section 8 and the issue) -------------------------------------------------------

export const GROUP_MESSAGES = {
  joined: 'You joined the group',
  inviteDeclined: "You didn't join the group",
  left: 'You left the group.',
  creatorCannotLeave: 'You may not leave a group you created.',
  leaveConfirm: 'You may not be able to join again without permission.',
  createdTitle: 'Created!',
  created: 'Your group has been created.',
  updated: 'Your group has been updated.',
  saved: 'Your changes have been saved.',
  inviteSent: 'Invite sent.',
  deletedTitle: 'Deleted!',
  deleted: 'Group deleted.',
  postApproved: 'Post approved.',
  postDeclined: 'Post declined.',
  joinApproved: 'Join request approved',
  joinDeclined: 'Join request declined',
  joinRequestSent: 'Join request sent',
  inviteCancelled: 'Invite cancelled.',
  // Rules the server refuses with.
  nameRequired: 'Please enter a group name',
  nameTooLong: 'The group name must be at most 100 characters',
  descriptionTooLong: 'The description must be at most 1000 characters',
  joinMessageTooLong: 'The message must be at most 500 characters',
  pickModerator: 'Select at least one user',
  notFound: 'Group not found',
  notMember: 'You are not a member of this group',
  alreadyMember: 'You are already a member of this group',
  inviteOnly: 'This group is invite-only: ask to join it instead',
  openGroup: 'This group is open: join it directly',
  alreadyRequested: 'You have already asked to join this group',
  invitedAlready: 'You have been invited to this group: accept the invite instead',
  inviteNotFound: 'Invite not found',
  joinRequestNotFound: 'Join request not found',
  adminsOnly: 'Only the group creator and moderators can do that',
  ownerOnly: 'Only the group creator can do that',
  membersOnlyPost: 'Only members can post in this group',
  moderatorNotMember: 'Only members of the group can be made moderators',
  creatorIsOwner: 'The group creator is already its owner',
  cannotRemoveOwner: 'The group creator cannot be removed',
  moderatorsByOwner: 'Only the group creator can remove a moderator',
  notModerator: 'That user is not a moderator of this group',
  userNotMember: 'That user is not a member of this group',
  inviteeIsMember: 'That person is already a member of this group',
  alreadyInvited: 'That address has already been invited to this group',
  postNotFound: 'Post not found',
  postNotPending: 'This post is not waiting for approval',
  idMismatch: 'The id in the body does not match the group',
} as const;

/** Empty states of the group screens (spec section 8). */
export const GROUP_EMPTY = {
  owner: 'No owner',
  moderators: 'No moderators',
  users: 'No users',
  postRequests: 'No post requests for group',
  joinRequests: 'No join requests for group',
  posts: 'No posts in group',
} as const;

// ---- requests --------------------------------------------------------------------------------------

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;
export const JOIN_MESSAGE_MAX = 500;

/** Group name: trimmed, non-empty (spec section 5). */
export const groupNameSchema = v.pipe(
  v.string(GROUP_MESSAGES.nameRequired),
  v.trim(),
  v.nonEmpty(GROUP_MESSAGES.nameRequired),
  v.maxLength(GROUP_NAME_MAX, GROUP_MESSAGES.nameTooLong),
);

export const groupDescriptionSchema = v.pipe(
  v.optional(v.nullable(v.string('The description must be text')), ''),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(GROUP_DESCRIPTION_MAX, GROUP_MESSAGES.descriptionTooLong),
);

export const membershipTypeSchema = v.picklist([MembershipType.Public, MembershipType.InviteOnly], 'Membership must be 0 (public) or 1 (inviteOnly)');
export const postingTypeSchema = v.picklist(POSTING_TYPES, 'Posting must be allowAll or requireModeration');

/** POST /api/forumgroup/creategroup */
export const createGroupSchema = v.object({
  name: v.optional(groupNameSchema, ''),
  description: groupDescriptionSchema,
  membershipType: v.optional(membershipTypeSchema, MembershipType.Public),
  postingType: v.optional(postingTypeSchema, 'allowAll'),
});
export type CreateGroupInput = v.InferInput<typeof createGroupSchema>;

/** PATCH /api/forumgroup/updategroup/{id}: absent settings stay as they are; a null description clears it. */
export const updateGroupSchema = v.object({
  id: v.optional(v.pipe(v.number('The id must be a number'), v.integer('The id must be a number'))),
  name: v.optional(groupNameSchema),
  description: v.optional(groupDescriptionSchema),
  membershipType: v.optional(membershipTypeSchema),
  postingType: v.optional(postingTypeSchema),
});
export type UpdateGroupInput = v.InferInput<typeof updateGroupSchema>;

/** The Create Group and Update details forms (radios give strings). */
export const groupFormSchema = v.object({
  name: groupNameSchema,
  description: v.pipe(v.string(), v.maxLength(GROUP_DESCRIPTION_MAX, GROUP_MESSAGES.descriptionTooLong)),
  membershipType: v.picklist(['0', '1']),
  postingType: postingTypeSchema,
});
export type GroupForm = v.InferInput<typeof groupFormSchema>;
export type GroupFormValues = v.InferOutput<typeof groupFormSchema>;

/** POST /api/forumgroup/sendinvites/{groupId}: one e-mail address (spec section 5 'Invite by email'). */
export const sendInviteSchema = v.object({ email: v.optional(emailSchema, '') });
export type SendInviteInput = v.InferInput<typeof sendInviteSchema>;

const userIdList = v.pipe(
  v.array(v.pipe(v.number('User ids must be numbers'), v.integer('User ids must be numbers'), v.minValue(1, 'User ids must be numbers'), v.maxValue(MAX_ID, 'User ids must be numbers')), 'Send a list of user ids'),
  v.maxLength(500, 'Too many users at once'),
);

/** POST /api/forumgroup/addmoderators/{groupId}: a list of user ids (or { userIds }); at least one. */
export const addModeratorsSchema = v.pipe(
  v.union([userIdList, v.object({ userIds: userIdList })], 'Send a list of user ids'),
  v.transform((x) => [...new Set(Array.isArray(x) ? x : x.userIds)]),
  v.minLength(1, GROUP_MESSAGES.pickModerator),
);

/** POST /api/forumgroup/requestToJoinGroup/{id}: an optional short message for the group admins. */
export const joinRequestBodySchema = v.object({
  message: v.pipe(
    v.optional(v.nullable(v.string('The message must be text')), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(JOIN_MESSAGE_MAX, GROUP_MESSAGES.joinMessageTooLong),
  ),
});

export const groupIdParams = v.object({ groupId: idParam });
export const groupUserParams = v.object({ groupId: idParam, userId: idParam });

/** Optional paging of a group's posts: ?offset=0&count=5, or ?cursor= (the previous page's nextCursor). */
export const groupPostsQuerySchema = v.object({
  offset: v.optional(intString('Offset', 0), '0'),
  count: v.optional(intString('Count', 1, 50), '5'),
  cursor: v.optional(cursorParam),
  /** newest (default) or helpful: most helpful of the last 30 days. */
  sort: v.optional(postSortParam, 'newest'),
});

// ---- responses ---------------------------------------------------------------------------------------

export const groupRefSchema = v.object({ id: v.number(), name: v.string() });
export type GroupRef = v.InferOutput<typeof groupRefSchema>;

export const groupMemberSchema = v.object({
  user: userRefSchema,
  memberType: v.number(),
  joined_at: v.string(),
});
export type GroupMember = v.InferOutput<typeof groupMemberSchema>;

export const groupInviteSchema = v.object({
  id: v.number(),
  email: v.string(),
  /** The account holding the address, once there is one. */
  user: v.nullable(userRefSchema),
  invited_by: userRefSchema,
  created_at: v.string(),
});
export type GroupInvite = v.InferOutput<typeof groupInviteSchema>;

/** A group without its member lists: GET /api/forumgroup/GetGroupWithoutMembers/{id}. */
export const groupSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  membershipType: v.number(),
  postingType: v.picklist(POSTING_TYPES),
  isInviteOnly: v.boolean(),
  creator: userRefSchema,
  created_at: v.string(),
  memberCount: v.number(),
  /** The viewer's standing. */
  userIsMember: v.boolean(),
  memberType: v.nullable(v.number()),
  isOwner: v.boolean(),
  /** Creator or moderator (or a site admin): Manage Group, requests, members, invites. */
  isGroupAdmin: v.boolean(),
  /** Creator (or a site admin): assigns moderators and deletes the group. */
  hasOwnerRights: v.boolean(),
  joinRequestSent: v.boolean(),
  inviteReceived: v.boolean(),
  /** Posts, members and pending items may be shown to the viewer. */
  canSeeContent: v.boolean(),
  /** Counts for the Manage tabs' badges (0 unless the viewer is a group admin). */
  joinRequestCount: v.number(),
  postRequestCount: v.number(),
});
export type GroupSummary = v.InferOutput<typeof groupSummarySchema>;

/** GET /api/forumgroup/{id}: the group with its members (when the viewer may see them) and invites (group admins). */
export const forumGroupSchema = v.object({
  ...groupSummarySchema.entries,
  members: v.array(groupMemberSchema),
  invites: v.array(groupInviteSchema),
});
export type ForumGroup = v.InferOutput<typeof forumGroupSchema>;

/** My-group entry (spec section 3): id, name, status (Joined or Invited), role. */
export const myGroupEntrySchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  status: v.picklist(['Joined', 'Invited']),
  role: v.nullable(v.picklist(GROUP_ROLE_NAMES)),
  memberType: v.nullable(v.number()),
  isInviteOnly: v.boolean(),
  /** Who sent the invite (Invited entries). */
  invitedBy: v.nullable(userRefSchema),
});
export type MyGroupEntry = v.InferOutput<typeof myGroupEntrySchema>;
export const myGroupListSchema = v.array(myGroupEntrySchema);

/** Join request (spec section 3): id, user; plus the requester's message and when. */
export const joinRequestSchema = v.object({
  id: v.number(),
  user: userRefSchema,
  message: v.string(),
  created_at: v.string(),
});
export type JoinRequest = v.InferOutput<typeof joinRequestSchema>;
export const joinRequestListSchema = v.array(joinRequestSchema);

/** One line of a group's moderation log. */
export const moderationLogEntrySchema = v.object({
  id: v.number(),
  action: v.string(),
  actor: userRefSchema,
  target: v.nullable(userRefSchema),
  detail: v.string(),
  created_at: v.string(),
});
export type ModerationLogEntry = v.InferOutput<typeof moderationLogEntrySchema>;
export const moderationLogSchema = v.array(moderationLogEntrySchema);

/** A post in a group is a forum post (spec section 3; post request: id, date, creator, attachments). */
export const groupPostSchema = forumPostSchema;
export type GroupPost = v.InferOutput<typeof groupPostSchema>;
export const groupPostListSchema = v.array(groupPostSchema);
export const groupPostsPageSchema = postsPageSchema;
export type GroupPostsPage = v.InferOutput<typeof groupPostsPageSchema>;

/** POST /api/forumpost/CreateGroupPost/{groupId}: the post (status 0 while it waits) and per-file errors. */
export const createGroupPostResponseSchema = createPostResponseSchema;
export type CreateGroupPostResponse = v.InferOutput<typeof createGroupPostResponseSchema>;
