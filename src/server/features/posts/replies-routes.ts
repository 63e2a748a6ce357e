// Replies under posts (shared/endpoints/replies.ts): a post's thread, writing,
// editing, deleting, reporting and searching replies. The rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { createReply, deleteReply, editReply, listReplies, reportReply, searchReplies } from '../../../shared/endpoints/replies.js';
import { notifyUsers } from '../../lib/notifications.js';
import { route } from '../../lib/route.js';
import { repliesRepository } from './replies-repository.js';
import { repliesService } from './replies-service.js';

export default async function replyRoutes(app: FastifyInstance) {
  const notify = (userIds: number[], n: Parameters<typeof notifyUsers>[2]) => notifyUsers(app.db, userIds, n);
  const service = repliesService({ db: app.db, groups: app.ports.groups, repo: repliesRepository(app.db, app.dialect), notify });
  const tags = ['replies'];

  route(app, listReplies, {
    auth: 'user',
    tags,
    summary: "A post's live replies, oldest first (20 a page, ?limit= up to 50), with the total; ?cursor= reads the next page. 404 when the reader cannot see the post",
  }, async ({ user, params, query }) => service.list(user, params.postId, query));

  route(app, createReply, {
    auth: 'user',
    tags,
    summary: "Reply to a post (replyTo: one of its replies to quote). In a group only members and its admins reply (403); a moderated group's members reply without approval. The post's author, the thread's repliers and the quoted reply's author are told, if they can see the post. Honours Idempotency-Key",
  }, async ({ user, params, body }) => (await service.create(user, params.postId, body)).reply);

  route(app, editReply, {
    auth: 'user',
    tags,
    summary: "Change one's own reply (403 for another's)",
  }, async ({ user, params, body }) => service.edit(user, params.id, body.text));

  route(app, deleteReply, {
    auth: 'user',
    tags,
    summary: "Delete one's own reply; site admins and the group's moderators remove anyone's (its author is told). Replies that quoted it show 'This reply was deleted'",
  }, async ({ user, params }) => service.remove(user, params.id));

  route(app, reportReply, {
    auth: 'user',
    tags,
    summary: "Report another person's reply once (422 own reply, 409 already reported); site admins and the group's moderators are told",
  }, async ({ user, params }) => service.report(user, params.id));

  route(app, searchReplies, {
    auth: 'user',
    tags,
    summary: 'Live replies on posts the reader may see whose text holds every word of ?term= (each a prefix), newest first; ?offset= and ?limit=',
  }, async ({ user, query }) => service.search(user, query));
}
