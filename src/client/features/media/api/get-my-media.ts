// GET /api/media/MyMedia/{offset}/{count}: my media in every state. Polls while something is processing.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MediaPage } from '../../../../shared/schemas/media';
import { mediaQueryKey } from './get-media-library';

export const myMediaQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...mediaQueryKey, 'mine', page, pageSize],
    queryFn: () => api<MediaPage>(`/api/media/MyMedia/${page * pageSize}/${pageSize}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.media.some((m) => !m.is_processed && !m.processing_error) ? 3000 : false),
  });

export const useMyMedia = (page: number, pageSize: number) => useQuery(myMediaQueryOptions(page, pageSize));
