// GET /api/forumgroup/moderationlog/{id}: who approved, declined, invited, removed or promoted whom.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationLogEntry } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const getModerationLog = (groupId: number) => api<ModerationLogEntry[]>(`/api/forumgroup/moderationlog/${groupId}`);

export const moderationLogQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupKeys.log(groupId), queryFn: () => getModerationLog(groupId), staleTime: 0 });

export const useModerationLog = (groupId: number, enabled: boolean) => useQuery({ ...moderationLogQueryOptions(groupId), enabled });
