// The group-post calls of spec section 7: CreateGroupPost, GetGroupPosts (under
// /api/forumpost, and under /api/forumgroup where the spec's list puts it), grouppostrequests,
// approve, decline, and 'My Pending Posts'.
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import {
  createGroupPost,
  getGroupPostRequests,
  getMyPendingPosts,
  approveGroupPost,
  declineGroupPost,
  getGroupPosts,
  getGroupPostsOfGroup,
} from '../../../shared/endpoints/posts.js';
import { groupPostsRepository } from './group-posts-repository.js';
import { groupPostsService } from './group-posts-service.js';
import { postsPortsOf, readPostBody } from './routes.js';
import { postsService } from './service.js';

export default async function groupPostRoutes(app: FastifyInstance) {
  const ports = postsPortsOf(app);
  const service = groupPostsService({
    repo: groupPostsRepository(app.db),
    postsRepo: ports.repo,
    posts: postsService(ports),
    groups: app.ports.groups,
    notify: ports.notify,
  });
  const tags = ['posts', 'groups'];

  route(app, createGroupPost, {
    auth: 'user',
    tags,
    summary: 'Members post in a group (multipart like CreatePost: title, text, type, scenarios, media, tags, scenariosToUpload, mediaToUpload; JSON also accepted)',
    description:
      'A plain member\'s post in a requireModeration group waits (status 0) until a group admin approves it; the group admins are notified. ' +
      "A group post may attach the author's private scenarios; the group's members can open them through the post. Honours Idempotency-Key.",
  }, async ({ user, params, request }) => {
    // Who may post is known before any file is read.
    await service.checkCanPost(user, params.groupId);
    const { input, uploads, errors } = await readPostBody(app, request);
    return service.create(user, params.groupId, input, uploads, errors);
  });

  for (const ep of [getGroupPosts, getGroupPostsOfGroup]) {
    route(app, ep, {
      auth: 'user', tags,
      summary: "A group's approved posts, newest first (?offset=0&count=5, or ?cursor= the previous page's nextCursor), or ?sort=helpful: those of the last 30 days, most found helpful first (by offset only); 404 for an invite-only group's non-members",
    }, async ({ user, params, query }) => service.list(user, params.id, query.offset, query.count, query.cursor, query.sort));
  }

  route(app, getGroupPostRequests, {
    auth: 'user',
    tags,
    summary: 'Group admins: posts waiting for approval, oldest first',
  }, async ({ user, params }) => service.requests(user, params.groupId));

  route(app, getMyPendingPosts, {
    auth: 'user',
    tags,
    summary: "'My Pending Posts': my posts waiting for approval in this group (I may delete them with DeletePost)",
  }, async ({ user, params }) => service.mine(user, params.groupId));

  route(app, approveGroupPost, {
    auth: 'user',
    tags,
    summary: "Group admins approve pending post {id}; its author is notified: 'Post approved.'",
  }, async ({ user, params }) => service.approve(user, params.id));

  route(app, declineGroupPost, {
    auth: 'user',
    tags,
    summary: "Group admins decline pending post {id} (it is removed); its author is notified: 'Post declined.'",
  }, async ({ user, params }) => service.decline(user, params.id));
}
