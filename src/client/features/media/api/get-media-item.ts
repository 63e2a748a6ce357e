// GET /api/media/MediaItem/{id}: one item; a 404 shows the not-found state.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMediaItem } from '../../../../shared/endpoints/media';
import { mediaQueryKey } from './get-media-library';

export const mediaItemQueryKey = (id: string) => [...mediaQueryKey, 'item', id] as const;

export const mediaItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: mediaItemQueryKey(id), queryFn: () => call(getMediaItem, { params: { id } }) });

export const useMediaItem = (id: string) => useQuery(mediaItemQueryOptions(id));
