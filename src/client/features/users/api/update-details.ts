// POST /api/users/UpdateUserDetails: Id, FirstName, LastName, MobilePhone; refreshes the current user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meQueryKey, type Me } from '../../../lib/current-user';

export interface UpdateDetailsInput {
  Id: number;
  FirstName: string;
  LastName: string;
  MobilePhone: string;
}

export const updateDetails = (input: UpdateDetailsInput) => api<Me>('/api/users/UpdateUserDetails', { body: input });

export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
