// GET /api/search/searchusers/{offset}/{limit}/{term} (spec section 7 'Search').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchUsers } from '../../../../shared/schemas/search';
import { api } from '../../../lib/api';
import { searchKeys, termSegment } from './keys';

export const searchUsersQueryOptions = (term: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...searchKeys.all, 'users', term, offset, limit],
    queryFn: () => api<SearchUsers>(`/api/search/searchusers/${offset}/${limit}/${termSegment(term)}`),
    placeholderData: keepPreviousData,
  });

export const useSearchUsers = (term: string, offset: number, limit: number, enabled = true) => useQuery({ ...searchUsersQueryOptions(term, offset, limit), enabled });
