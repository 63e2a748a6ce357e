// GET /api/search/searchusers|searchposts|searchgroups/{offset}/{limit}/{term} (spec section 7) and
// the post a result links to. The term '-1' (or an empty one) lists everything, newest or by name.
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { searchUsers, searchPosts, searchGroups, getPost } from '../../../shared/endpoints/search.js';
import { searchRepository } from './repository.js';
import { searchService } from './service.js';

export default async function searchRoutes(app: FastifyInstance) {
  const service = searchService(searchRepository(app.db, app.dialect));
  const tags = ['search'];
  const how =
    'Every word of the term matches as a word prefix, accents and case ignored; all words must match. count is every match, from the offset, to the offset plus the items answered; each item has a snippet of text runs, match marking the matched words.';

  route(app, searchUsers, {
    auth: 'user',
    tags,
    summary: 'Admins: users by first or last name, username or e-mail, by name (403 for others)',
    description: how,
  }, async ({ user, params }) => service.users(user, params));

  route(app, searchPosts, {
    auth: 'user',
    tags,
    summary: "Posts the caller may see (public, and approved posts of the caller's groups) by title and text; title matches first",
    description: how,
  }, async ({ user, params }) => service.posts(user, params));

  route(app, searchGroups, {
    auth: 'user',
    tags,
    summary: 'Every forum group by name and description; name matches first',
    description: how,
  }, async ({ params }) => service.groups(params));

  route(app, getPost, {
    auth: 'user',
    tags,
    summary: 'One post a search result links to, with its whole text (404 when missing or not visible to the caller)',
  }, async ({ user, params }) => service.post(user, params.id));
}
