// The search calls (spec section 7).
import { searchParamsSchema, searchUsersSchema, searchPostsSchema, searchGroupsSchema, searchPostDetailSchema } from '../schemas/search.js';
import { idParams } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** Admins: users by first or last name, username or e-mail, by name (403 for others) */
export const searchUsers = endpoint({
  method: 'GET',
  path: '/api/search/searchusers/:offset/:limit/:term',
  params: searchParamsSchema,
  response: searchUsersSchema,
  errors: [403],
});

/** Posts the caller may see (public, and approved posts of the caller's groups) by title and text; title matches first */
export const searchPosts = endpoint({
  method: 'GET',
  path: '/api/search/searchposts/:offset/:limit/:term',
  params: searchParamsSchema,
  response: searchPostsSchema,
});

/** Every forum group by name and description; name matches first */
export const searchGroups = endpoint({
  method: 'GET',
  path: '/api/search/searchgroups/:offset/:limit/:term',
  params: searchParamsSchema,
  response: searchGroupsSchema,
});

/** One post a search result links to, with its whole text (404 when missing or not visible to the caller) */
export const getPost = endpoint({
  method: 'GET',
  path: '/api/search/post/:id',
  params: idParams,
  response: searchPostDetailSchema,
});
