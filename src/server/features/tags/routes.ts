// GET /api/alltags: the tag list used by scenarios, media and posts.
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { getAllTags } from '../../../shared/endpoints/tags.js';
import { tagsRepository } from './repository.js';
import { tagsService } from './service.js';

export default async function tagRoutes(app: FastifyInstance) {
  const tags = tagsService(tagsRepository(app.db));
  route(app, getAllTags, {
    auth: 'user',
    tags: ['tags'],
    summary: 'All tags (id, title), by title',
  }, async () => tags.all());
}
