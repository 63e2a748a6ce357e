// GET /api/forumpost/GetGroupPosts/{id}?offset=&count=&sort=: a group's approved posts, newest first
// or most helpful first, paged.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../shared/limits';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';
import { groupPostKeys } from './keys';
import type { PostSort } from '../../../../shared/schemas/conversation';

export const getGroupPosts = (id: number, offset: number, count: number, sort: PostSort = 'newest') =>
  call(postsApi.getGroupPosts, { params: { id }, query: sort === 'newest' ? { offset, count } : { offset, count, sort } });

/** Newest first, or ?sort=helpful: the most helpful of the last 30 days. */
export const groupPostsQueryOptions = (id: number, sort: PostSort = 'newest') =>
  infiniteQueryOptions({
    queryKey: sort === 'newest' ? groupPostKeys.approved(id) : [...groupPostKeys.approved(id), sort],
    queryFn: ({ pageParam }) => getGroupPosts(id, pageParam, PAGE_SIZE.feed, sort),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.to < last.total && last.count > 0 ? last.to : undefined),
    // Other members post and moderators decide: a group's lists are fetched again on every visit.
    staleTime: 0,
  });

export const useGroupPosts = (id: number, enabled: boolean, sort: PostSort = 'newest') => useInfiniteQuery({ ...groupPostsQueryOptions(id, sort), enabled });
