// The forum post calls of spec section 7: the feed, create, delete, report, admin moderation,
// post to everyone, and the group posts (under /api/forumpost, and /api/forumgroup for their list).
import { feedQuerySchema, feedParamsSchema, postsPageSchema, createPostResponseSchema, postToEveryoneSchema, postToEveryoneResponseSchema, postIdParams, reportedPostsSchema, reportParams } from '../schemas/posts.js';
import { idParams, messageSchema } from '../schemas/common.js';
import { groupIdParams, createGroupPostResponseSchema, groupPostListSchema, groupPostsPageSchema, groupPostsQuerySchema } from '../schemas/groups.js';
import { endpoint } from '../endpoint.js';

export const getPosts = endpoint({
  method: 'GET',
  path: '/api/forumpost/GetPosts/:offset/:count/:tagIds',
  params: feedParamsSchema,
  query: feedQuerySchema,
  response: postsPageSchema,
});

/** Create a feed post (multipart: title, text, type, scenarios, media, tags, scenarioUploads, mediaUploads, scenariosToUpload, mediaToUpload files; JSON also accepted) */
export const createPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/CreatePost',
  multipart: true,
  status: 201,
  response: createPostResponseSchema,
  idempotent: true,
});

/** Admin: a post with no group; every enabled user but the poster is notified with a link to the feed, and `notified` says how many */
export const postToEveryone = endpoint({
  method: 'POST',
  path: '/api/forumpost/PostToEveryone',
  body: postToEveryoneSchema,
  status: 201,
  response: postToEveryoneResponseSchema,
  idempotent: true,
});

/** Delete one's own post (403 for another's visible post, 404 when missing) */
export const deletePost = endpoint({
  method: 'DELETE',
  path: '/api/forumpost/DeletePost/:id',
  params: idParams,
  response: messageSchema,
  errors: [403],
});

/** Report another user's post, once per user (422 own post, 409 already reported) */
export const reportPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/report/:postId',
  params: postIdParams,
  response: messageSchema,
  errors: [409],
});

/** Admin: open reports, newest first, one entry per (post, reporter) */
export const listReportedPosts = endpoint({
  method: 'GET',
  path: '/api/forumpost/reportedposts',
  response: reportedPostsSchema,
});

/** Admin: ignore one report; postId = the post id, userId = the reporting user's id */
export const ignoreReportedPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/ignorereportedpost/:postId/:userId',
  params: reportParams,
  response: messageSchema,
});

/** Admin: delete a (reported) post by id; its creator is notified 'Your post was removed' */
export const deleteReportedPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/deletereportedpost/:id',
  params: idParams,
  response: messageSchema,
});

/** Group rules answer 403 (role), 404 (missing or not visible), 409 (state) and 422 (input). */
const errors = [403, 404, 409, 422];

/** Members post in a group (multipart like CreatePost: title, text, type, scenarios, media, tags, scenariosToUpload, mediaToUpload; JSON also accepted) */
export const createGroupPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/CreateGroupPost/:groupId',
  errors,
  status: 201,
  multipart: true,
  idempotent: true,
  params: groupIdParams,
  response: createGroupPostResponseSchema,
});

/** Group admins: posts waiting for approval, oldest first */
export const getGroupPostRequests = endpoint({
  method: 'GET',
  path: '/api/forumpost/grouppostrequests/:groupId',
  errors,
  params: groupIdParams,
  response: groupPostListSchema,
});

/** 'My Pending Posts': my posts waiting for approval in this group (I may delete them with DeletePost) */
export const getMyPendingPosts = endpoint({
  method: 'GET',
  path: '/api/forumpost/mypendingposts/:groupId',
  errors,
  params: groupIdParams,
  response: groupPostListSchema,
});

/** Group admins approve pending post {id}; its author is notified: 'Post approved.' */
export const approveGroupPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/approve/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** Group admins decline pending post {id} (it is removed); its author is notified: 'Post declined.' */
export const declineGroupPost = endpoint({
  method: 'POST',
  path: '/api/forumpost/decline/:id',
  errors,
  params: idParams,
  response: messageSchema,
});

/** A group's approved posts, newest first (?offset=0&count=5, or ?cursor= the previous page's nextCursor). */
export const getGroupPosts = endpoint({
  method: 'GET',
  path: '/api/forumpost/GetGroupPosts/:id',
  params: idParams,
  query: groupPostsQuerySchema,
  response: groupPostsPageSchema,
  errors,
});

/** The same list under /api/forumgroup, where the spec's list puts it. */
export const getGroupPostsOfGroup = endpoint({
  method: 'GET',
  path: '/api/forumgroup/GetGroupPosts/:id',
  params: idParams,
  query: groupPostsQuerySchema,
  response: groupPostsPageSchema,
  errors,
});
