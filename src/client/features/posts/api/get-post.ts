// GET /api/search/post/{id}: the post a search result links to (404 when not visible).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getPost } from '../../../../shared/endpoints/search';

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['search', 'post', id], queryFn: () => call(getPost, { params: { id } }), retry: false });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
