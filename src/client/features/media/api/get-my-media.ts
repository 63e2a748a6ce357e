// GET /api/media/MyMedia/{offset}/{count}: my media in every state. Polls while something is processing.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMyMedia } from '../../../../shared/endpoints/media';
import { mediaQueryKey } from './get-media-library';

export const myMediaQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...mediaQueryKey, 'mine', page, pageSize],
    queryFn: () => call(getMyMedia, { params: { offset: page * pageSize, count: pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.media.some((m) => !m.is_processed && !m.processing_error) ? 3000 : false),
  });

export const useMyMedia = (page: number, pageSize: number) => useQuery(myMediaQueryOptions(page, pageSize));
