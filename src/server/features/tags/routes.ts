// GET /api/alltags: the tag list used by scenarios, media and posts.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { tagSchema } from '../../../shared/schemas/common.js';
import { route } from '../../lib/route.js';
import { tagsRepository } from './repository.js';
import { tagsService } from './service.js';

export default async function tagRoutes(app: FastifyInstance) {
  const tags = tagsService(tagsRepository(app.db));
  route(app, {
    method: 'GET',
    url: '/api/alltags',
    auth: 'user',
    tags: ['tags'],
    summary: 'All tags (id, title), by title',
    response: v.array(tagSchema),
  }, async () => tags.all());
}
