// PATCH /api/Users/AssignOrganisation/{code}: links the signed-in user to an organisation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meQueryKey, type Me } from '../../../lib/current-user';

export const assignOrganisation = (code: string) =>
  api<Me>(`/api/Users/AssignOrganisation/${encodeURIComponent(code)}`, { method: 'PATCH' });

export function useAssignOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignOrganisation,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
