// GET /api/forumgroup/mygroupswithstatus: my pending invites (Invited) and joined groups (Joined, role).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyGroupEntry } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const getMyGroupsWithStatus = () => api<MyGroupEntry[]>('/api/forumgroup/mygroupswithstatus');

export const myGroupsWithStatusQueryOptions = () => queryOptions({ queryKey: groupKeys.withStatus, queryFn: getMyGroupsWithStatus, staleTime: 0 });

export const useMyGroupsWithStatus = () => useQuery(myGroupsWithStatusQueryOptions());
