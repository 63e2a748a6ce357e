// GET /api/search/post/{id}: the post a search result links to (404 when not visible).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchPostDetail } from '../../../../shared/schemas/search';
import { api } from '../../../lib/api';
import { searchKeys } from '../../search/api/keys';

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...searchKeys.all, 'post', id], queryFn: () => api<SearchPostDetail>(`/api/search/post/${encodeURIComponent(id)}`), retry: false });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
