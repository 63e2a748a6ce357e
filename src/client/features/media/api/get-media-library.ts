// GET /api/media/{offset}/{count}/{a}/{tags}?search=: the media library (approved, public).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { normaliseMediaSearch } from '../../../../shared/format';
import type { MediaPage } from '../../../../shared/schemas/media';

export interface LibraryParams {
  page: number;
  pageSize: number;
  /** -1 all, 0 image, 1 video */
  type: number;
  tagIds: number[];
  search: string;
}

export const mediaQueryKey = ['media'] as const;

export function libraryUrl(p: LibraryParams): string {
  const tags = p.tagIds.length ? p.tagIds.join(',') : '-1';
  const search = normaliseMediaSearch(p.search);
  const q = search === '-1' ? '' : `?search=${encodeURIComponent(search)}`;
  return `/api/media/${p.page * p.pageSize}/${p.pageSize}/${p.type}/${tags}${q}`;
}

export const mediaLibraryQueryOptions = (p: LibraryParams) =>
  queryOptions({
    queryKey: [...mediaQueryKey, 'library', p.page, p.pageSize, p.type, p.tagIds.join(','), normaliseMediaSearch(p.search)],
    queryFn: () => api<MediaPage>(libraryUrl(p)),
    placeholderData: keepPreviousData,
  });

export const useMediaLibrary = (p: LibraryParams) => useQuery(mediaLibraryQueryOptions(p));
