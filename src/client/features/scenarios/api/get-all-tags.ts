// GET /api/alltags: the tags for the filters and the edit form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Tag } from '../../../components/tag-selector';

export const getAllTags = () => api<Tag[]>('/api/alltags');

export const allTagsQueryOptions = () => queryOptions({ queryKey: ['alltags'], queryFn: getAllTags, staleTime: 5 * 60_000 });

export const useAllTags = () => useQuery(allTagsQueryOptions());
