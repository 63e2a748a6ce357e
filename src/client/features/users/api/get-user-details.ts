// GET /api/users/UserDetails/{id}: another user's public details (view-user).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../shared/schemas/users';
import { call } from '../../../lib/api';
import * as usersApi from '../../../../shared/endpoints/users';

export type { PublicUser };

export const getUserDetails = (id: string) => call(usersApi.getUserDetails, { params: { id } });

export const userDetailsQueryOptions = (id: string) => queryOptions({ queryKey: ['users', 'details', id], queryFn: () => getUserDetails(id) });

export const useUserDetails = (id: string) => useQuery(userDetailsQueryOptions(id));
