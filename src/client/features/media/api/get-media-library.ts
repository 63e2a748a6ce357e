// GET /api/media/{offset}/{count}/{a}/{tags}?search=: the media library (approved, public).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { normaliseMediaSearch } from '../../../../shared/format';
import { apiUrl, type MediaLibraryParams } from '../../../../shared/first-answers';
import type { MediaPage } from '../../../../shared/schemas/media';

export type LibraryParams = MediaLibraryParams;

export const mediaQueryKey = ['media'] as const;

export const mediaLibraryQueryOptions = (p: LibraryParams) =>
  queryOptions({
    queryKey: [...mediaQueryKey, 'library', p.page, p.pageSize, p.type, p.tagIds.join(','), normaliseMediaSearch(p.search)],
    queryFn: () => api<MediaPage>(apiUrl.mediaLibrary(p)),
    placeholderData: keepPreviousData,
  });

export const useMediaLibrary = (p: LibraryParams) => useQuery(mediaLibraryQueryOptions(p));
