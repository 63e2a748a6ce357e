// Mentions and 'Helpful' reactions on posts and replies (feed and group posts alike).
import {
  mentionCandidatesQuerySchema,
  mentionCandidatesSchema,
  reactionPostParams,
  reactionReplyParams,
  reactionStateSchema,
  reactorsSchema,
} from '../schemas/conversation.js';
import { endpoint } from '../endpoint.js';

/** Mark a post helpful (once per person: again is no change). */
export const markPostHelpful = endpoint({
  method: 'PUT',
  path: '/api/post/:postId/helpful',
  params: reactionPostParams,
  response: reactionStateSchema,
});

/** Take back one's 'Helpful' on a post (none is no change). */
export const unmarkPostHelpful = endpoint({
  method: 'DELETE',
  path: '/api/post/:postId/helpful',
  params: reactionPostParams,
  response: reactionStateSchema,
});

/** Who found a post helpful, newest first. */
export const postHelpfulBy = endpoint({
  method: 'GET',
  path: '/api/post/:postId/helpful',
  params: reactionPostParams,
  response: reactorsSchema,
});

/** Mark a reply helpful (once per person). */
export const markReplyHelpful = endpoint({
  method: 'PUT',
  path: '/api/reply/:id/helpful',
  params: reactionReplyParams,
  response: reactionStateSchema,
});

/** Take back one's 'Helpful' on a reply. */
export const unmarkReplyHelpful = endpoint({
  method: 'DELETE',
  path: '/api/reply/:id/helpful',
  params: reactionReplyParams,
  response: reactionStateSchema,
});

/** Who found a reply helpful, newest first. */
export const replyHelpfulBy = endpoint({
  method: 'GET',
  path: '/api/reply/:id/helpful',
  params: reactionReplyParams,
  response: reactorsSchema,
});

/** People the writer may mention: those who can see what they write (a post's readers, a group's members, or everyone for the feed). */
export const mentionCandidates = endpoint({
  method: 'GET',
  path: '/api/mentions/candidates',
  query: mentionCandidatesQuerySchema,
  response: mentionCandidatesSchema,
});
