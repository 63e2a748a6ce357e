// Replies under posts: read a post with its thread, write, edit, delete, report, search.
import { forumPostSchema } from '../schemas/posts.js';
import { messageSchema } from '../schemas/common.js';
import {
  createReplySchema,
  editReplySchema,
  postIdParamsSchema,
  repliesPageSchema,
  repliesQuerySchema,
  replyIdParams,
  replySchema,
  replySearchQuerySchema,
  replySearchSchema,
} from '../schemas/replies.js';
import { endpoint } from '../endpoint.js';

/** One post the reader may see (feed or group, approved), with its reply count and latest replies. */
export const getPost = endpoint({
  method: 'GET',
  path: '/api/post/:postId',
  params: postIdParamsSchema,
  response: forumPostSchema,
});

/** A post's replies, oldest first; ?cursor= (the previous page's nextCursor) reads the next ones. */
export const listReplies = endpoint({
  method: 'GET',
  path: '/api/post/:postId/replies',
  params: postIdParamsSchema,
  query: repliesQuerySchema,
  response: repliesPageSchema,
});

/** Reply to a post (or to one of its replies); written through the outbox with an Idempotency-Key. */
export const createReply = endpoint({
  method: 'POST',
  path: '/api/post/:postId/replies',
  params: postIdParamsSchema,
  body: createReplySchema,
  status: 201,
  response: replySchema,
  errors: [403],
  idempotent: true,
});

/** Change the text of one's own reply. */
export const editReply = endpoint({
  method: 'PATCH',
  path: '/api/reply/:id',
  params: replyIdParams,
  body: editReplySchema,
  response: replySchema,
  errors: [403],
});

/** Delete one's own reply; a site admin or the group's moderators remove anyone's. */
export const deleteReply = endpoint({
  method: 'DELETE',
  path: '/api/reply/:id',
  params: replyIdParams,
  response: messageSchema,
  errors: [403],
});

/** Report another person's reply, once. */
export const reportReply = endpoint({
  method: 'POST',
  path: '/api/reply/:id/report',
  params: replyIdParams,
  response: messageSchema,
  errors: [409],
});

/** Replies the reader may see whose text holds every word of the term, newest first. */
export const searchReplies = endpoint({
  method: 'GET',
  path: '/api/search/replies',
  query: replySearchQuerySchema,
  response: replySearchSchema,
});
