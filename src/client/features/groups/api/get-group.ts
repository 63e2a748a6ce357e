// GET /api/forumgroup/{id}: the group, my standing, members (when I may see them), invites (admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ForumGroup } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const getGroup = (id: number) => api<ForumGroup>(`/api/forumgroup/${id}`);

export const groupQueryOptions = (id: number) => queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => getGroup(id), staleTime: 0 });

export const useGroup = (id: number) => useQuery({ ...groupQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
