// GET /api/forumpost/GetGroupPosts/{id}?offset=&count=: a group's approved posts, newest first, paged.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../shared/limits';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';
import { groupPostKeys } from './keys';

export const getGroupPosts = (id: number, offset: number, count: number) =>
  call(postsApi.getGroupPosts, { params: { id }, query: { offset, count } });

export const groupPostsQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: groupPostKeys.approved(id),
    queryFn: ({ pageParam }) => getGroupPosts(id, pageParam, PAGE_SIZE.feed),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.to < last.total && last.count > 0 ? last.to : undefined),
    // Other members post and moderators decide: a group's lists are fetched again on every visit.
    staleTime: 0,
  });

export const useGroupPosts = (id: number, enabled: boolean) => useInfiniteQuery({ ...groupPostsQueryOptions(id), enabled });
