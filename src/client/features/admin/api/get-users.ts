// GET /api/users/{offset}/{count}/{search or -1} (admin): every account, by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsers } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

export const adminUsersKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = (offset: number, count: number, search: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, offset, count, search],
    queryFn: () => api<AdminUsers>(`/api/users/${offset}/${count}/${encodeURIComponent(search.trim() || '-1')}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminUsers = (offset: number, count: number, search: string) => useQuery(adminUsersQueryOptions(offset, count, search));
