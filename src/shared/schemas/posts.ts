// Forum posts and notifications (spec sections 3, 5 and 7), shared by the create-post form and the API.
import * as v from 'valibot';

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

/** The fields of POST /api/forumpost/CreatePost (files travel beside them). */
export const createPostSchema = v.object({
  title: postTitleSchema,
  text: postTextSchema,
  type: v.optional(v.picklist(POST_TYPES, 'The post type must be post, scenario or media')),
  scenarios: idListSchema,
  media: idListSchema,
  tags: idListSchema,
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

// Response shapes (spec section 3).
export interface PostCreator {
  id: number;
  uuid_id: string;
  first_name: string;
  last_name: string;
}
export interface PostMedia {
  id: number;
  uuid_id: string;
  name: string;
  is_video: boolean;
  signed_thumb_url: string | null;
}
export interface PostScenario {
  id: number;
  uuid_id: string;
  name: string;
  device_id: number | null;
  is_ctgi: boolean;
}
export interface ForumPost {
  id: number;
  title: string;
  text: string;
  creator: PostCreator;
  created_at: string;
  status: number;
  type: PostType;
  group: { id: number; name: string } | null;
  media: PostMedia[];
  scenarios: PostScenario[];
  tags: { id: number; title: string }[];
  is_mine: boolean;
}
export interface PostsPage {
  posts: ForumPost[];
  /** Posts in this page. */
  count: number;
  /** offset + count: where the next page starts. */
  to: number;
  /** Posts matching the filter. */
  total: number;
}
export interface UploadErrorRow {
  filename: string;
  message: string;
}
export type CreatePostResponse = ForumPost & { errors: UploadErrorRow[] };

export interface ReportedPost {
  post: ForumPost;
  reportedBy: PostCreator;
  reported_at: string;
}
