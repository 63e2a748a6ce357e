// GET /api/alltags: the tags offered by the filter and the create-post modal.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Tag } from '../../../components/tag-selector';

export const tagsQueryOptions = () => queryOptions({ queryKey: ['tags'], queryFn: () => api<Tag[]>('/api/alltags'), staleTime: 5 * 60_000 });

export const useTags = () => useQuery(tagsQueryOptions());
