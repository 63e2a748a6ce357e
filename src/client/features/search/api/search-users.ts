// GET /api/search/searchusers/{offset}/{limit}/{term} (spec section 7 'Search').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { searchUsers } from '../../../../shared/endpoints/search';
import { searchKeys, termSegment } from './keys';

export const searchUsersQueryOptions = (term: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...searchKeys.all, 'users', term, offset, limit],
    queryFn: () => call(searchUsers, { params: { offset, limit, term: termSegment(term) } }),
    placeholderData: keepPreviousData,
  });

export const useSearchUsers = (term: string, offset: number, limit: number, enabled = true) => useQuery({ ...searchUsersQueryOptions(term, offset, limit), enabled });
