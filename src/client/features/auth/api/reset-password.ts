// POST /api/password/ResetPassword: token and newPassword (single-use token from the e-mail).
import { useMutation } from '@tanstack/react-query';
import { api, distributorId } from '../../../lib/api';

export function resetPassword(input: { token: string; newPassword: string }) {
  return api<{ message: string }>('/api/password/ResetPassword', {
    body: input,
    headers: { 'X-distributor-id': String(distributorId()) },
    allowUnauthorized: true,
  });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
