// POST /api/users/UpdateUserDetails: Id, FirstName, LastName, MobilePhone; refreshes the current user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { updateUserDetails } from '../../../../shared/endpoints/users';
import { meQueryKey } from '../../../lib/current-user';

export interface UpdateDetailsInput {
  Id: number;
  FirstName: string;
  LastName: string;
  MobilePhone: string;
}

export const updateDetails = (input: UpdateDetailsInput) => call(updateUserDetails, { body: input });

export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
