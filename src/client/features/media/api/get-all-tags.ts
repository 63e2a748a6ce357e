// GET /api/alltags: tags for the filter and the edit form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Tag } from '../../../components/tag-selector';

export const allTagsQueryOptions = () => queryOptions({ queryKey: ['tags'], queryFn: () => api<Tag[]>('/api/alltags'), staleTime: 5 * 60_000 });

export const useAllTags = () => useQuery(allTagsQueryOptions());
