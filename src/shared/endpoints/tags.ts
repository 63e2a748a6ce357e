// All tags, for the tag pickers and filters.
import * as v from 'valibot';
import { tagSchema } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** All tags (id, title), by title */
export const getAllTags = endpoint({
  method: 'GET',
  path: '/api/alltags',
  response: v.array(tagSchema),
});
