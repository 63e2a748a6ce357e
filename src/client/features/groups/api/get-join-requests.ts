// GET /api/forumgroup/GroupJoinRequests/{id}: join requests waiting (group admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JoinRequest } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const getJoinRequests = (groupId: number) => api<JoinRequest[]>(`/api/forumgroup/GroupJoinRequests/${groupId}`);

export const joinRequestsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupKeys.joinRequests(groupId), queryFn: () => getJoinRequests(groupId), staleTime: 0 });

export const useJoinRequests = (groupId: number, enabled: boolean) => useQuery({ ...joinRequestsQueryOptions(groupId), enabled });
