// GET /api/forumgroup/mygroups: the groups I joined. The feed's 'My Groups' card and the groups
// feature read it; every group action invalidates ['groups'], which this key sits under.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';
import * as groupsApi from '../../shared/endpoints/groups';

export const myGroupsQueryKey = ['groups', 'mine'] as const;

export const getMyGroups = () => call(groupsApi.getMyGroups);

// Fetched again on every visit (staleTime 0): joins and approvals happen on other pages and devices.
export const myGroupsQueryOptions = () => queryOptions({ queryKey: myGroupsQueryKey, queryFn: getMyGroups, staleTime: 0 });

export const useMyGroups = () => useQuery(myGroupsQueryOptions());
