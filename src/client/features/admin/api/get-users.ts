// GET /api/users/{offset}/{count}/{search or -1} (admin): every account, by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { listUsers } from '../../../../shared/endpoints/admin-users';

export const adminUsersKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = (offset: number, count: number, search: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, offset, count, search],
    queryFn: () => call(listUsers, { params: { offset, count, search: search.trim() || '-1' } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminUsers = (offset: number, count: number, search: string) => useQuery(adminUsersQueryOptions(offset, count, search));
