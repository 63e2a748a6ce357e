// Mentions and 'Helpful' reactions on posts and replies: the reaction state after a toggle, who
// reacted, and the people a writer may mention (the autocomplete).
import * as v from 'valibot';
import { idParam, userRefSchema } from './common.js';

export const CONVERSATION_MESSAGES = {
  termTooLong: 'The search term must be at most 50 characters',
  oneScope: 'Give a post or a group, not both',
} as const;

/** A post's or reply's 'Helpful' count and whether the reader is among them. */
export const reactionStateSchema = v.object({ helpful_count: v.number(), helpful_mine: v.boolean() });
export type ReactionState = v.InferOutput<typeof reactionStateSchema>;

/** The list of who found it helpful shows at most this many (newest first); the count is all of them. */
export const REACTORS_SHOWN = 50;
export const reactorsSchema = v.object({ helpful_count: v.number(), users: v.array(userRefSchema) });
export type Reactors = v.InferOutput<typeof reactorsSchema>;

/** A person mentioned in a post or reply: the text shows '@username', linked to their profile. */
export const mentionRefSchema = v.object({ username: v.string(), uuid_id: v.string() });
export type MentionRef = v.InferOutput<typeof mentionRefSchema>;

export const MENTION_CANDIDATES_MAX = 8;

/**
 * ?term= the start of a username or name (may be empty); ?postId= for a reply (who can see that
 * post), ?groupId= for a post in a group (its members); neither: the feed (every active user).
 */
export const mentionCandidatesQuerySchema = v.object({
  term: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, CONVERSATION_MESSAGES.termTooLong)), ''),
  postId: v.optional(idParam),
  groupId: v.optional(idParam),
});

export const mentionCandidateSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
});
export type MentionCandidate = v.InferOutput<typeof mentionCandidateSchema>;
export const mentionCandidatesSchema = v.object({ users: v.array(mentionCandidateSchema) });

export const reactionPostParams = v.object({ postId: idParam });
export const reactionReplyParams = v.object({ id: idParam });

/** ?sort= of the feed and a group's posts: newest first (default), or most helpful of the last 30 days. */
export const POST_SORTS = ['newest', 'helpful'] as const;
export type PostSort = (typeof POST_SORTS)[number];
export const postSortParam = v.picklist(POST_SORTS, 'Sort must be newest or helpful');
/** 'Most helpful' ranks the posts of this many days. */
export const HELPFUL_WINDOW_DAYS = 30;

