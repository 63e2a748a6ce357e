// The post page (/post/:id): one post with its reply count and newest replies, for whoever may
// see its replies (replies.ts readablePost).
import type { FastifyInstance } from 'fastify';
import { getPost } from '../../../shared/endpoints/replies.js';
import { REPLY_MESSAGES } from '../../../shared/schemas/replies.js';
import { notFound } from '../../lib/http-error.js';
import { readablePost } from './replies.js';
import { route } from '../../lib/route.js';
import { postsService } from './service.js';
import { postsPortsOf } from './routes.js';

export default async function postPageRoutes(app: FastifyInstance) {
  const posts = postsService(postsPortsOf(app));

  route(app, getPost, {
    auth: 'user',
    tags: ['posts'],
    summary: 'One live, approved post the reader may see (feed, or a group whose content they see), with its reply count and newest replies; 404 otherwise',
  }, async ({ user, params }) => {
    const { post } = await readablePost(app.db, app.ports.groups, user, params.postId);
    const row = await app.db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirst();
    if (!row) throw notFound(REPLY_MESSAGES.postNotFound);
    const [presented] = await posts.present([row], user);
    return presented;
  });

}
