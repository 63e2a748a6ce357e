// GET /api/alltags: the tag list used by scenarios, media and posts.
import type { FastifyInstance } from 'fastify';

export default async function tagRoutes(app: FastifyInstance) {
  app.get('/api/alltags', { preHandler: app.requireUser, schema: { tags: ['tags'], summary: 'All tags (id, title), by title' } }, async () => {
    return app.db.selectFrom('tags').select(['id', 'title']).orderBy('title').execute();
  });
}
