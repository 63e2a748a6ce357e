// GET /api/search/searchposts/{offset}/{limit}/{term} (spec section 7 'Search').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { searchPosts } from '../../../../shared/endpoints/search';
import { searchKeys, termSegment } from './keys';

export const searchPostsQueryOptions = (term: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...searchKeys.all, 'posts', term, offset, limit],
    queryFn: () => call(searchPosts, { params: { offset, limit, term: termSegment(term) } }),
    placeholderData: keepPreviousData,
  });

export const useSearchPosts = (term: string, offset: number, limit: number, enabled = true) => useQuery({ ...searchPostsQueryOptions(term, offset, limit), enabled });
