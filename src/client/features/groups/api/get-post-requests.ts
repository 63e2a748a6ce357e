// GET /api/forumpost/grouppostrequests/{groupId}: posts waiting for approval (group admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getGroupPostRequests } from '../../../../shared/endpoints/posts';
import { groupPostKeys } from './keys';

export const getPostRequests = (groupId: number) => call(getGroupPostRequests, { params: { groupId } });

export const postRequestsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupPostKeys.requests(groupId), queryFn: () => getPostRequests(groupId), staleTime: 0 });

export const usePostRequests = (groupId: number, enabled: boolean) => useQuery({ ...postRequestsQueryOptions(groupId), enabled });
