// GET /api/forumgroup/mygroupswithstatus: my pending invites (Invited) and joined groups (Joined, role).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { groupKeys } from './keys';
import * as groupsApi from '../../../../shared/endpoints/groups';

export const getMyGroupsWithStatus = () => call(groupsApi.getMyGroupsWithStatus);

export const myGroupsWithStatusQueryOptions = () => queryOptions({ queryKey: groupKeys.withStatus, queryFn: getMyGroupsWithStatus, staleTime: 0 });

export const useMyGroupsWithStatus = () => useQuery(myGroupsWithStatusQueryOptions());
