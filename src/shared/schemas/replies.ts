// Replies under posts (feed and group posts): a flat list, oldest first, each quoting the post or
// another reply of the same post. A group post's replies follow the group's visibility; in a group
// that requires moderation, members reply without approval (only posts wait for a group admin).
import * as v from 'valibot';
import { cursorParam, idParam, intString, userRefSchema } from './common.js';
import { mentionRefSchema } from './conversation.js';

export const REPLY_TEXT_MAX = 5000;
export const REPLY_TEXT_REQUIRED = 'Please write a reply';

export const REPLY_MESSAGES = {
  postNotFound: 'Post not found',
  notFound: 'Reply not found',
  quoteNotFound: 'The reply you answer could not be found',
  membersOnly: 'Only members of this group can reply',
  notYours: 'You can only change your own replies',
  cannotDelete: 'You can only delete your own replies',
  ownReport: 'You cannot report your own reply',
  alreadyReported: 'You have already reported this reply',
  deleted: 'Reply deleted',
  reported: 'Reply reported',
} as const;

/** The text a deleted reply leaves where another reply quoted it (shown by the client, translated). */
export const REPLY_DELETED_TEXT = 'This reply was deleted';

export const replyTextSchema = v.pipe(
  v.string(REPLY_TEXT_REQUIRED),
  v.trim(),
  v.nonEmpty(REPLY_TEXT_REQUIRED),
  v.maxLength(REPLY_TEXT_MAX, `A reply must be at most ${REPLY_TEXT_MAX} characters`),
);

export const createReplySchema = v.object({
  text: replyTextSchema,
  /** The reply this one answers (of the same post); null or absent: it answers the post. */
  replyTo: v.optional(v.nullable(v.pipe(v.number('replyTo must be a reply id'), v.integer('replyTo must be a reply id'), v.minValue(1, 'replyTo must be a reply id'))), null),
});
export type CreateReplyInput = v.InferOutput<typeof createReplySchema>;

export const editReplySchema = v.object({ text: replyTextSchema });

/** What a reply quotes: a short excerpt of the reply it answers, or that it was deleted. */
export const replyQuoteSchema = v.object({
  id: v.number(),
  deleted: v.boolean(),
  /** The start of its text ('' once deleted). */
  excerpt: v.string(),
  creator: v.nullable(userRefSchema),
});

export const replySchema = v.object({
  id: v.number(),
  post_id: v.number(),
  text: v.string(),
  creator: userRefSchema,
  created_at: v.string(),
  edited_at: v.nullable(v.string()),
  /** null: it answers the post. */
  reply_to: v.nullable(replyQuoteSchema),
  is_mine: v.boolean(),
  /** The reader may delete it: its author, a site admin or one of the group's moderators. */
  can_delete: v.boolean(),
  /** How many found it helpful, and whether the reader did. */
  helpful_count: v.number(),
  helpful_mine: v.boolean(),
  /** The people mentioned in its text (and told of it). */
  mentions: v.array(mentionRefSchema),
});
export type Reply = v.InferOutput<typeof replySchema>;

export const REPLIES_MAX_PAGE = 50;

export const postIdParamsSchema = v.object({ postId: idParam });
export const replyIdParams = v.object({ id: idParam });

export const repliesQuerySchema = v.object({
  cursor: v.optional(cursorParam),
  limit: v.optional(intString('Limit', 1, REPLIES_MAX_PAGE)),
});

export const repliesPageSchema = v.object({
  replies: v.array(replySchema),
  /** Live replies of the post in all. */
  total: v.number(),
  /** Pass as ?cursor= for the next (newer) replies; null when this page holds the newest. */
  nextCursor: v.nullable(v.string()),
});
export type RepliesPage = v.InferOutput<typeof repliesPageSchema>;

export const replySearchQuerySchema = v.object({
  term: v.pipe(v.string('Please enter a search term'), v.trim(), v.nonEmpty('Please enter a search term'), v.maxLength(200, 'The search term must be at most 200 characters')),
  offset: v.optional(intString('Offset', 0), '0'),
  limit: v.optional(intString('Limit', 1, REPLIES_MAX_PAGE), '20'),
});

export const replySearchHitSchema = v.object({
  id: v.number(),
  post_id: v.number(),
  post_title: v.string(),
  text: v.string(),
  creator: userRefSchema,
  created_at: v.string(),
});
export const replySearchSchema = v.object({ replies: v.array(replySearchHitSchema), count: v.number() });
export type ReplySearch = v.InferOutput<typeof replySearchSchema>;
