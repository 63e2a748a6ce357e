// Site search (spec section 7 'Search'): GET /api/search/searchusers|searchposts|searchgroups/
// {offset}/{limit}/{term}. Each answers its list plus count (every match), from and to (the
// offset and the offset plus the items answered); every item carries a highlighted snippet.
import * as v from 'valibot';
import { MAX_PAGE_COUNT, intString, offsetParam, tagSchema, userRefSchema } from './common.js';
import { MAX_SEARCH_TERM } from '../search.js';

export const SEARCH_TERM_TOO_LONG = `The search term must be at most ${MAX_SEARCH_TERM} characters`;

/** The term as typed; '-1' (or nothing) for none. */
export const searchTermParam = v.pipe(v.string(), v.maxLength(MAX_SEARCH_TERM, SEARCH_TERM_TOO_LONG));

export const searchParamsSchema = v.object({
  offset: offsetParam,
  limit: intString('Limit', 1, MAX_PAGE_COUNT),
  term: searchTermParam,
});

/** A run of text; `match` marks a word that matched the search. */
export const highlightPartSchema = v.object({ text: v.string(), match: v.boolean() });
export type HighlightParts = v.InferOutput<typeof highlightPartSchema>[];

const page = { count: v.number(), from: v.number(), to: v.number() };

export const searchUserSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  username: v.string(),
  email: v.string(),
  enabled: v.boolean(),
  /** Name, username and e-mail with the matching words marked. */
  snippet: v.array(highlightPartSchema),
});
export type SearchUser = v.InferOutput<typeof searchUserSchema>;
export const searchUsersSchema = v.object({ users: v.array(searchUserSchema), ...page });
export type SearchUsers = v.InferOutput<typeof searchUsersSchema>;

export const groupRefSchema = v.object({ id: v.number(), name: v.string() });

export const searchPostSchema = v.object({
  id: v.number(),
  title: v.string(),
  /** An excerpt of the text around the first match (the start of the text when only the title matched). */
  snippet: v.array(highlightPartSchema),
  creator: userRefSchema,
  /** null for a post in the public feed. */
  group: v.nullable(groupRefSchema),
  created_at: v.string(),
});
export type SearchPost = v.InferOutput<typeof searchPostSchema>;
export const searchPostsSchema = v.object({ posts: v.array(searchPostSchema), ...page });
export type SearchPosts = v.InferOutput<typeof searchPostsSchema>;

export const searchGroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** An excerpt of the description around the first match. */
  snippet: v.array(highlightPartSchema),
  isInviteOnly: v.boolean(),
});
export type SearchGroup = v.InferOutput<typeof searchGroupSchema>;
export const searchGroupsSchema = v.object({ groups: v.array(searchGroupSchema), ...page });
export type SearchGroups = v.InferOutput<typeof searchGroupsSchema>;

/** GET /api/search/post/{id}: one post a search result links to, for whoever may see it. */
export const searchPostDetailSchema = v.object({
  id: v.number(),
  title: v.string(),
  text: v.string(),
  creator: userRefSchema,
  group: v.nullable(groupRefSchema),
  created_at: v.string(),
  tags: v.array(tagSchema),
});
export type SearchPostDetail = v.InferOutput<typeof searchPostDetailSchema>;
