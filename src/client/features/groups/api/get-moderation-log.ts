// GET /api/forumgroup/moderationlog/{id}: who approved, declined, invited, removed or promoted whom.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { groupKeys } from './keys';

export const getModerationLog = (groupId: number) => call(groupsApi.getModerationLog, { params: { id: groupId } });

export const moderationLogQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupKeys.log(groupId), queryFn: () => getModerationLog(groupId), staleTime: 0 });

export const useModerationLog = (groupId: number, enabled: boolean) => useQuery({ ...moderationLogQueryOptions(groupId), enabled });
