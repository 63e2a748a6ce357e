// Forum posts and notifications (spec sections 3, 5 and 7), shared by the create-post form and the API.
import * as v from 'valibot';
import { replySchema } from './replies.js';
import { mentionRefSchema, postSortParam } from './conversation.js';
import {
  countParam,
  cursorParam,
  idListParam,
  idParam,
  MAX_ID,
  offsetParam,
  tagSchema,
  uploadErrorSchema,
  userRefSchema,
  type UploadErrorRow,
  type UserRef,
} from './common.js';
import { MEDIA_BATCH_LIMIT, SCENARIO_BATCH_LIMIT } from '../limits.js';

export const POST_TITLE_REQUIRED = 'Please enter a title';
export const POST_TITLE_MAX = 200;
export const POST_TEXT_MAX = 5000;
export const POST_TYPES = ['post', 'scenario', 'media'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Ids sent as '1,2', ['1', '2'], [1, 2] or '' (multipart repeats a field, JSON sends an array). */
export const idListSchema = v.pipe(
  v.optional(v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))]), []),
  v.transform((input) => {
    const raw = Array.isArray(input) ? input : [input];
    return raw.flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter((s) => s !== '' && s !== '-1');
  }),
  v.check((list) => list.every((s) => /^\d+$/.test(s)), 'Attachment and tag ids must be numbers'),
  v.transform((list) => [...new Set(list.map(Number))]),
  // Ids are integer columns: a larger one names nothing (and PostgreSQL would refuse to compare it).
  v.check((ids) => ids.every((n) => n <= MAX_ID), `Attachment and tag ids must be at most ${MAX_ID}`),
);

export const postTitleSchema = v.pipe(
  v.optional(v.nullable(v.string(POST_TITLE_REQUIRED)), ''),
  v.transform((s) => s ?? ''),
  v.trim(),
  v.nonEmpty(POST_TITLE_REQUIRED),
  v.maxLength(POST_TITLE_MAX, `The title must be at most ${POST_TITLE_MAX} characters`),
);

export const postTextSchema = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(POST_TEXT_MAX, `The message must be at most ${POST_TEXT_MAX} characters`),
);

/** A resumable (tus) upload id: the last part of its /uploads/tus/<id> URL. */
export const UPLOAD_REF_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const UPLOAD_REF_MESSAGE = 'Uploaded files must be named by their upload ids';

/**
 * Finished resumable uploads of the caller, attached by reference instead of sending the file again
 * (a queued post uploads its files through tus first). Sent as ['a', 'b'] in JSON, or as
 * repeated or comma-joined multipart fields; at most `max` (the kind's batch limit).
 */
export const uploadRefListSchema = (max: number, what: string) =>
  v.pipe(
    v.optional(v.union([v.string(UPLOAD_REF_MESSAGE), v.array(v.string(UPLOAD_REF_MESSAGE), UPLOAD_REF_MESSAGE)], UPLOAD_REF_MESSAGE), []),
    v.transform((input) => (Array.isArray(input) ? input : [input]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '')),
    v.check((list) => list.every((s) => UPLOAD_REF_PATTERN.test(s)), UPLOAD_REF_MESSAGE),
    v.transform((list) => [...new Set(list)]),
    v.check((list) => list.length <= max, `You can upload at most ${max} ${what} at a time`),
  );

/** The fields of POST /api/forumpost/CreatePost (files travel beside them, or went ahead through tus). */
export const createPostSchema = v.object({
  title: postTitleSchema,
  text: postTextSchema,
  type: v.optional(v.picklist(POST_TYPES, 'The post type must be post, scenario or media')),
  scenarios: idListSchema,
  media: idListSchema,
  tags: idListSchema,
  scenarioUploads: uploadRefListSchema(SCENARIO_BATCH_LIMIT, 'scenarios'),
  mediaUploads: uploadRefListSchema(MEDIA_BATCH_LIMIT, 'media files'),
});
export type CreatePostInput = v.InferOutput<typeof createPostSchema>;

/** Admin 'Post to everyone': a post with no group. */
export const postToEveryoneSchema = v.object({
  title: postTitleSchema,
  text: postTextSchema,
  tags: idListSchema,
});

/** The create-post form (title and message); attachments and tags live beside it. */
export const postFormSchema = v.object({
  title: postTitleSchema,
  text: v.pipe(v.string(), v.maxLength(POST_TEXT_MAX, `The message must be at most ${POST_TEXT_MAX} characters`)),
});
export type PostForm = v.InferInput<typeof postFormSchema>;
export type PostFormValues = v.InferOutput<typeof postFormSchema>;

// Response shapes (spec section 3). The server serialises with these; the client reads their types.

/** The author of a post, and the reporter of a reported post. */
export const postCreatorSchema = userRefSchema;
export type PostCreator = UserRef;

export const postMediaSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  name: v.string(),
  /** The image's text alternative; null when none was given (the name stands in). */
  alt_text: v.nullable(v.string()),
  is_video: v.boolean(),
  /** A signed link to the thumbnail, or null while there is none. */
  signed_thumb_url: v.nullable(v.string()),
});
export type PostMedia = v.InferOutput<typeof postMediaSchema>;

export const postScenarioSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  name: v.string(),
  device_id: v.nullable(v.number()),
  is_ctgi: v.boolean(),
});
export type PostScenario = v.InferOutput<typeof postScenarioSchema>;

/** A forum post; group is null in the public feed. */
export const forumPostSchema = v.object({
  id: v.number(),
  title: v.string(),
  text: v.string(),
  creator: postCreatorSchema,
  created_at: v.string(),
  /** 0 pending, 1 approved. */
  status: v.number(),
  type: v.picklist(POST_TYPES),
  group: v.nullable(v.object({ id: v.number(), name: v.string() })),
  media: v.array(postMediaSchema),
  scenarios: v.array(postScenarioSchema),
  tags: v.array(tagSchema),
  is_mine: v.boolean(),
  /** Live replies in all, and the newest few (oldest first) for the post card. */
  reply_count: v.number(),
  latest_replies: v.array(replySchema),
  /** How many found it helpful, and whether the reader did. */
  helpful_count: v.number(),
  helpful_mine: v.boolean(),
  /** The people mentioned in its text (and told of it). */
  mentions: v.array(mentionRefSchema),
});
export type ForumPost = v.InferOutput<typeof forumPostSchema>;

/** GET /api/forumpost/GetPosts/{offset}/{count}/{tagIds}. */
export const postsPageSchema = v.object({
  posts: v.array(forumPostSchema),
  /** Posts in this page. */
  count: v.number(),
  /** offset + count: where the next page starts. */
  to: v.number(),
  /** Posts matching the filter. */
  total: v.number(),
  /** Pass as ?cursor= for the page after this one (null after the last page). */
  nextCursor: v.nullable(v.string()),
});
export type PostsPage = v.InferOutput<typeof postsPageSchema>;

export { uploadErrorSchema, type UploadErrorRow };

/** POST /api/forumpost/CreatePost: the post, and the uploaded files that failed their checks. */
export const createPostResponseSchema = v.object({ ...forumPostSchema.entries, errors: v.array(uploadErrorSchema) });
export type CreatePostResponse = v.InferOutput<typeof createPostResponseSchema>;

/** POST /api/forumpost/PostToEveryone: the post, and how many users were notified of it. */
export const postToEveryoneResponseSchema = v.object({ ...forumPostSchema.entries, notified: v.number() });
export type PostToEveryoneResponse = v.InferOutput<typeof postToEveryoneResponseSchema>;

/** One open report: GET /api/forumpost/reportedposts answers a list of these, newest first. */
export const reportedPostSchema = v.object({
  post: forumPostSchema,
  reportedBy: postCreatorSchema,
  reported_at: v.string(),
});
export type ReportedPost = v.InferOutput<typeof reportedPostSchema>;
export const reportedPostsSchema = v.array(reportedPostSchema);

// Path parameters.

/** GET /api/forumpost/GetPosts/{offset}/{count}/{tagIds}: tagIds comma-joined or -1. */
export const feedParamsSchema = v.object({ offset: offsetParam, count: countParam, tagIds: idListParam });
/** ?cursor= (infinite scroll: the page after it) and ?sort= newest (default) or helpful (most helpful of the last 30 days). */
export const feedQuerySchema = v.object({ cursor: v.optional(cursorParam), sort: v.optional(postSortParam, 'newest') });
/** POST /api/forumpost/report/{postId}. */
export const postIdParams = v.object({ postId: idParam });
/** POST /api/forumpost/ignorereportedpost/{postId}/{userId}: the post and the reporting user. */
export const reportParams = v.object({ postId: idParam, userId: idParam });
