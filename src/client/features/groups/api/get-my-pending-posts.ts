// GET /api/forumpost/mypendingposts/{groupId}: 'My Pending Posts', waiting for a group admin.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupPost } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupPostKeys } from './keys';

export const getMyPendingPosts = (groupId: number) => api<GroupPost[]>(`/api/forumpost/mypendingposts/${groupId}`);

export const myPendingPostsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupPostKeys.minePending(groupId), queryFn: () => getMyPendingPosts(groupId), staleTime: 0 });

export const useMyPendingPosts = (groupId: number, enabled: boolean) => useQuery({ ...myPendingPostsQueryOptions(groupId), enabled });
