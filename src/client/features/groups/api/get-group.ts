// GET /api/forumgroup/{id}: the group, my standing, members (when I may see them), invites (admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { groupKeys } from './keys';

export const getGroup = (id: number) => call(groupsApi.getGroup, { params: { id } });

export const groupQueryOptions = (id: number) => queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => getGroup(id), staleTime: 0 });

export const useGroup = (id: number) => useQuery({ ...groupQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
