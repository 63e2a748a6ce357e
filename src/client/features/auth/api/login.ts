// POST /api/auth (spec section 7), then GET /api/users/me: the caller routes by `enabled`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, distributorId } from '../../../lib/api';
import { getMeNow, meQueryKey, type Me } from '../../../lib/current-user';

export interface LoginInput {
  username: string;
  password: string;
}

export async function login(input: LoginInput): Promise<Me> {
  await api('/api/auth', { body: input, headers: { 'X-distributor-id': String(distributorId()) }, allowUnauthorized: true });
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
