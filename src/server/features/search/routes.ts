// GET /api/search/searchusers|searchposts|searchgroups/{offset}/{limit}/{term} (spec section 7) and
// the post a result links to. The term '-1' (or an empty one) lists everything, newest or by name.
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/schemas/common.js';
import { searchGroupsSchema, searchParamsSchema, searchPostDetailSchema, searchPostsSchema, searchUsersSchema } from '../../../shared/schemas/search.js';
import { route } from '../../lib/route.js';
import { searchRepository } from './repository.js';
import { searchService } from './service.js';

export default async function searchRoutes(app: FastifyInstance) {
  const service = searchService(searchRepository(app.db, app.dialect));
  const tags = ['search'];
  const how =
    'Every word of the term matches as a word prefix, accents and case ignored; all words must match. count is every match, from the offset, to the offset plus the items answered; each item has a snippet of text runs, match marking the matched words.';

  route(app, {
    method: 'GET',
    url: '/api/search/searchusers/:offset/:limit/:term',
    auth: 'user',
    tags,
    summary: 'Admins: users by first or last name, username or e-mail, by name (403 for others)',
    description: how,
    params: searchParamsSchema,
    response: searchUsersSchema,
    errors: [403],
  }, async ({ user, params }) => service.users(user, params));

  route(app, {
    method: 'GET',
    url: '/api/search/searchposts/:offset/:limit/:term',
    auth: 'user',
    tags,
    summary: "Posts the caller may see (public, and approved posts of the caller's groups) by title and text; title matches first",
    description: how,
    params: searchParamsSchema,
    response: searchPostsSchema,
  }, async ({ user, params }) => service.posts(user, params));

  route(app, {
    method: 'GET',
    url: '/api/search/searchgroups/:offset/:limit/:term',
    auth: 'user',
    tags,
    summary: 'Every forum group by name and description; name matches first',
    description: how,
    params: searchParamsSchema,
    response: searchGroupsSchema,
  }, async ({ params }) => service.groups(params));

  route(app, {
    method: 'GET',
    url: '/api/search/post/:id',
    auth: 'user',
    tags,
    summary: 'One post a search result links to, with its whole text (404 when missing or not visible to the caller)',
    params: idParams,
    response: searchPostDetailSchema,
  }, async ({ user, params }) => service.post(user, params.id));
}
