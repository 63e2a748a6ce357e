// GET /api/search/searchgroups/{offset}/{limit}/{term} (spec section 7 'Search').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { searchGroups } from '../../../../shared/endpoints/search';
import { searchKeys, termSegment } from './keys';

export const searchGroupsQueryOptions = (term: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...searchKeys.all, 'groups', term, offset, limit],
    queryFn: () => call(searchGroups, { params: { offset, limit, term: termSegment(term) } }),
    placeholderData: keepPreviousData,
  });

export const useSearchGroups = (term: string, offset: number, limit: number, enabled = true) => useQuery({ ...searchGroupsQueryOptions(term, offset, limit), enabled });
