// GET /api/forumpost/grouppostrequests/{groupId}: posts waiting for approval (group admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupPost } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupPostKeys } from './keys';

export const getPostRequests = (groupId: number) => api<GroupPost[]>(`/api/forumpost/grouppostrequests/${groupId}`);

export const postRequestsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupPostKeys.requests(groupId), queryFn: () => getPostRequests(groupId), staleTime: 0 });

export const usePostRequests = (groupId: number, enabled: boolean) => useQuery({ ...postRequestsQueryOptions(groupId), enabled });
