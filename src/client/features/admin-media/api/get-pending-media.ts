// GET /api/media/MediaPendingApproval (admin): processed media waiting for review.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MediaList } from '../../../../shared/schemas/media';

export const pendingMediaQueryKey = ['media', 'pending'] as const;

export const pendingMediaQueryOptions = () =>
  queryOptions({ queryKey: pendingMediaQueryKey, queryFn: () => api<MediaList>('/api/media/MediaPendingApproval'), staleTime: 0 });

export const usePendingMedia = () => useQuery(pendingMediaQueryOptions());
