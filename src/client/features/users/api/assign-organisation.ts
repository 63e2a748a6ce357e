// PATCH /api/Users/AssignOrganisation/{code}: links the signed-in user to an organisation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as authApi from '../../../../shared/endpoints/auth';
import { meQueryKey } from '../../../lib/current-user';

export const assignOrganisation = (code: string) =>
  call(authApi.assignOrganisation, { params: { code } });

export function useAssignOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignOrganisation,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
