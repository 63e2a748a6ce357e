// POST /api/password/SendEmail: answers the same whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import { api, distributorId } from '../../../lib/api';

export function sendResetEmail(email: string) {
  return api<{ message: string }>('/api/password/SendEmail', {
    body: { username: email },
    headers: { 'X-distributor-id': String(distributorId()) },
    allowUnauthorized: true,
  });
}

export const useSendResetEmail = () => useMutation({ mutationFn: sendResetEmail });
