// GET /api/forumgroup/mygroupswithstatus: my pending invites (Invited) and joined groups (Joined, role).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyGroupEntry } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';
import { apiUrl } from '../../../../shared/first-answers';

export const getMyGroupsWithStatus = () => api<MyGroupEntry[]>(apiUrl.myGroupsWithStatus);

export const myGroupsWithStatusQueryOptions = () => queryOptions({ queryKey: groupKeys.withStatus, queryFn: getMyGroupsWithStatus, staleTime: 0 });

export const useMyGroupsWithStatus = () => useQuery(myGroupsWithStatusQueryOptions());
