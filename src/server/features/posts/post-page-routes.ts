// The post page (/post/:id): one post with its reply count and newest replies, for whoever may
// see its replies (lib/replies.ts readablePost).
import type { FastifyInstance } from 'fastify';
import { getPost } from '../../../shared/endpoints/replies.js';
import { REPLY_MESSAGES } from '../../../shared/schemas/replies.js';
import { notFound } from '../../lib/http-error.js';
import { notifyUsers } from '../../lib/notifications.js';
import { readablePost } from '../../lib/replies.js';
import { route } from '../../lib/route.js';
import { signFileUrl } from '../../storage/signed-url.js';
import { acceptTempFile } from '../../uploads/multipart.js';
import { postsRepository } from './repository.js';
import { postsService } from './service.js';

export default async function postPageRoutes(app: FastifyInstance) {
  const posts = postsService({
    repo: postsRepository(app.db),
    notify: (userIds, n) => notifyUsers(app.db, userIds, n),
    signThumb: (key) => signFileUrl(app.config.sessionSecret, key, { disposition: 'inline' }),
    acceptUpload: (user, kind, file) => acceptTempFile(app, user, kind, file),
  });

  route(app, getPost, {
    auth: 'user',
    tags: ['posts'],
    summary: 'One live, approved post the reader may see (feed, or a group whose content they see), with its reply count and newest replies; 404 otherwise',
  }, async ({ user, params }) => {
    const { post } = await readablePost(app.db, user, params.postId);
    const row = await app.db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirst();
    if (!row) throw notFound(REPLY_MESSAGES.postNotFound);
    const [presented] = await posts.present([row], user.id);
    return presented;
  });

}
