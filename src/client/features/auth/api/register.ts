// POST /api/users/register: firstName, lastName, email, username, password, distributorId, optional organisationCode.
import { useMutation } from '@tanstack/react-query';
import { distributorId, call } from '../../../lib/api';
import * as authApi from '../../../../shared/endpoints/auth';

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  organisationCode?: string;
}

export function register(input: RegisterInput) {
  const id = distributorId();
  return call(authApi.register, { body: { ...input, organisationCode: input.organisationCode?.trim() || undefined, distributorId: id } }, { headers: { 'X-distributor-id': String(id) } });
}

export const useRegister = () => useMutation({ mutationFn: register });
