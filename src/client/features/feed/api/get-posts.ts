// GET /api/forumpost/GetPosts/{offset}/{count}/{tagIds}: the feed, 5 per page, infinite scroll;
// newest first, or ?sort=helpful (most helpful of the last 30 days).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { PAGE_SIZE } from '../../../../shared/limits';
import { postsQueryKey } from '../../posts/api/keys';
import * as postsApi from '../../../../shared/endpoints/posts';
import { postsInput } from '../../../../shared/first-answers';
import type { PostSort } from '../../../../shared/schemas/conversation';

export { postsQueryKey };

export const getPosts = (offset: number, count: number, tagIds: number[], sort: PostSort = 'newest') =>
  call(postsApi.getPosts, sort === 'newest' ? postsInput(offset, count, tagIds) : { ...postsInput(offset, count, tagIds), query: { sort } });

/** The newest order keeps the key the first screen's loader fills (app/screen-loaders.ts). */
export const postsQueryOptions = (tagIds: number[], sort: PostSort = 'newest') =>
  infiniteQueryOptions({
    queryKey: [...postsQueryKey, 'feed', [...tagIds].sort((a, b) => a - b).join(',') || '-1', ...(sort === 'newest' ? [] : [sort])],
    queryFn: ({ pageParam }) => getPosts(pageParam, PAGE_SIZE.feed, tagIds, sort),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.to < last.total && last.count > 0 ? last.to : undefined),
  });

export const usePosts = (tagIds: number[], sort: PostSort = 'newest') => useInfiniteQuery(postsQueryOptions(tagIds, sort));
