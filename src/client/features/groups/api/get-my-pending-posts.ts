// GET /api/forumpost/mypendingposts/{groupId}: 'My Pending Posts', waiting for a group admin.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';
import { groupPostKeys } from './keys';

export const getMyPendingPosts = (groupId: number) => call(postsApi.getMyPendingPosts, { params: { groupId } });

export const myPendingPostsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupPostKeys.minePending(groupId), queryFn: () => getMyPendingPosts(groupId), staleTime: 0 });

export const useMyPendingPosts = (groupId: number, enabled: boolean) => useQuery({ ...myPendingPostsQueryOptions(groupId), enabled });
