// GET /api/forumgroup/GroupJoinRequests/{id}: join requests waiting (group admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getGroupJoinRequests } from '../../../../shared/endpoints/groups';
import { groupKeys } from './keys';

export const getJoinRequests = (groupId: number) => call(getGroupJoinRequests, { params: { id: groupId } });

export const joinRequestsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupKeys.joinRequests(groupId), queryFn: () => getJoinRequests(groupId), staleTime: 0 });

export const useJoinRequests = (groupId: number, enabled: boolean) => useQuery({ ...joinRequestsQueryOptions(groupId), enabled });
