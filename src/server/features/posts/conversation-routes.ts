// Mentions and 'Helpful' reactions (shared/endpoints/conversation.ts); the rules are in conversation.ts.
import type { FastifyInstance } from 'fastify';
import {
  markPostHelpful,
  markReplyHelpful,
  mentionCandidates,
  postHelpfulBy,
  replyHelpfulBy,
  unmarkPostHelpful,
  unmarkReplyHelpful,
} from '../../../shared/endpoints/conversation.js';
import { notifyUsers } from '../../lib/notifications.js';
import { route } from '../../lib/route.js';
import { conversationService } from './conversation.js';

export default async function conversationRoutes(app: FastifyInstance) {
  const service = conversationService({ db: app.db, groups: app.ports.groups, notify: (ids, n) => notifyUsers(app.db, ids, n) });
  const tags = ['conversation'];
  const seen = '404 when the reader cannot see the post';

  route(app, markPostHelpful, {
    auth: 'user', tags,
    summary: `Mark a post helpful: once per person (again: no change; 422 on one's own post). Its author is told, once while unread. ${seen}`,
  }, async ({ user, params }) => service.react(user, 'post', params.postId));

  route(app, unmarkPostHelpful, {
    auth: 'user', tags,
    summary: `Take back one's 'Helpful' on a post (none: no change). ${seen}`,
  }, async ({ user, params }) => service.unreact(user, 'post', params.postId));

  route(app, postHelpfulBy, {
    auth: 'user', tags,
    summary: `The count and who found a post helpful (the newest 50). ${seen}`,
  }, async ({ user, params }) => service.reactors(user, 'post', params.postId));

  route(app, markReplyHelpful, {
    auth: 'user', tags,
    summary: `Mark a reply helpful: once per person (422 on one's own reply). Its author is told, once while unread. ${seen}`,
  }, async ({ user, params }) => service.react(user, 'reply', params.id));

  route(app, unmarkReplyHelpful, {
    auth: 'user', tags,
    summary: `Take back one's 'Helpful' on a reply. ${seen}`,
  }, async ({ user, params }) => service.unreact(user, 'reply', params.id));

  route(app, replyHelpfulBy, {
    auth: 'user', tags,
    summary: `The count and who found a reply helpful (the newest 50). ${seen}`,
  }, async ({ user, params }) => service.reactors(user, 'reply', params.id));

  route(app, mentionCandidates, {
    auth: 'user', tags,
    summary: 'Up to 8 people the writer may mention whose username, first or last name starts with ?term=: ?postId= a post they reply to (its group\'s members, or everyone for a feed post; 404 when they cannot see it), ?groupId= a group they post in (its members; 404 when they cannot see it), or neither: everyone (the feed)',
  }, async ({ user, query }) => service.candidates(user, query));
}
