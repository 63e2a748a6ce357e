// POST /api/password/SendEmail: answers the same whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import { distributorId, call } from '../../../lib/api';
import { sendPasswordResetEmail } from '../../../../shared/endpoints/auth';

export function sendResetEmail(email: string) {
  return call(sendPasswordResetEmail, { body: { username: email } }, { headers: { 'X-distributor-id': String(distributorId()) }, allowUnauthorized: true });
}

export const useSendResetEmail = () => useMutation({ mutationFn: sendResetEmail });
