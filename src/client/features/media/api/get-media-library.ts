// GET /api/media/{offset}/{count}/{a}/{tags}?search=: the media library (approved, public).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMediaLibrary } from '../../../../shared/endpoints/media';
import { normaliseMediaSearch } from '../../../../shared/format';
import { mediaLibraryInput, type MediaLibraryParams } from '../../../../shared/first-answers';

export type LibraryParams = MediaLibraryParams;

export const mediaQueryKey = ['media'] as const;

export const mediaLibraryQueryOptions = (p: LibraryParams) =>
  queryOptions({
    queryKey: [...mediaQueryKey, 'library', p.page, p.pageSize, p.type, p.tagIds.join(','), normaliseMediaSearch(p.search)],
    queryFn: () => call(getMediaLibrary, mediaLibraryInput(p)),
    placeholderData: keepPreviousData,
  });

export const useMediaLibrary = (p: LibraryParams) => useQuery(mediaLibraryQueryOptions(p));
