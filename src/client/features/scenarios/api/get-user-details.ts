// GET /api/users/UserDetails/{id}: another user's public details (view-user).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface PublicUser {
  id: number;
  uuid_id: string;
  first_name: string;
  last_name: string;
  username: string;
  organisation: { name: string; website: string | null } | null;
}

export const getUserDetails = (id: string) => api<PublicUser>(`/api/users/UserDetails/${encodeURIComponent(id)}`);

export const userDetailsQueryOptions = (id: string) => queryOptions({ queryKey: ['users', 'details', id], queryFn: () => getUserDetails(id) });

export const useUserDetails = (id: string) => useQuery(userDetailsQueryOptions(id));
