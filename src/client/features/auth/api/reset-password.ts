// POST /api/password/ResetPassword: token and newPassword (single-use token from the e-mail).
import { useMutation } from '@tanstack/react-query';
import { distributorId, call } from '../../../lib/api';
import * as authApi from '../../../../shared/endpoints/auth';

export function resetPassword(input: { token: string; newPassword: string }) {
  return call(authApi.resetPassword, { body: input }, { headers: { 'X-distributor-id': String(distributorId()) }, allowUnauthorized: true });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
