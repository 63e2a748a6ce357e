// GET /api/media/MediaPendingApproval (admin): processed media waiting for review.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMediaPendingApproval } from '../../../../shared/endpoints/media';

export const pendingMediaQueryKey = ['media', 'pending'] as const;

export const pendingMediaQueryOptions = () =>
  queryOptions({ queryKey: pendingMediaQueryKey, queryFn: () => call(getMediaPendingApproval), staleTime: 0 });

export const usePendingMedia = () => useQuery(pendingMediaQueryOptions());
