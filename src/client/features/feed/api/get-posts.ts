// GET /api/forumpost/GetPosts/{offset}/{count}/{tagIds}: the feed, 5 per page, infinite scroll.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { PAGE_SIZE } from '../../../../shared/limits';
import { postsQueryKey } from '../../posts/api/keys';
import * as postsApi from '../../../../shared/endpoints/posts';
import { postsInput } from '../../../../shared/first-answers';

export { postsQueryKey };

export const getPosts = (offset: number, count: number, tagIds: number[]) => call(postsApi.getPosts, postsInput(offset, count, tagIds));

export const postsQueryOptions = (tagIds: number[]) =>
  infiniteQueryOptions({
    queryKey: [...postsQueryKey, 'feed', [...tagIds].sort((a, b) => a - b).join(',') || '-1'],
    queryFn: ({ pageParam }) => getPosts(pageParam, PAGE_SIZE.feed, tagIds),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.to < last.total && last.count > 0 ? last.to : undefined),
  });

export const usePosts = (tagIds: number[]) => useInfiniteQuery(postsQueryOptions(tagIds));
