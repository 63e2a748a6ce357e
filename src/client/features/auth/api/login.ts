// POST /api/auth (spec section 7), then GET /api/users/me: the caller routes by `enabled`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { distributorId, call } from '../../../lib/api';
import { signIn } from '../../../../shared/endpoints/auth';
import { getMeNow, meQueryKey, type Me } from '../../../lib/current-user';

export interface LoginInput {
  username: string;
  password: string;
}

export async function login(input: LoginInput): Promise<Me> {
  await call(signIn, { body: input }, { headers: { 'X-distributor-id': String(distributorId()) }, allowUnauthorized: true });
  const me = await getMeNow();
  if (!me) throw new Error('Incorrect username or password!');
  return me;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A check still on its way (asked before this sign-in, so saying no one is signed in) must not
    // overwrite the user: cancel it first.
    onSuccess: async (me) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
