// GET /api/users/ResendVerificationEmail?email= (the server also accepts the username here,
// because the login screen only knows the username).
import { useMutation } from '@tanstack/react-query';
import { api, distributorId } from '../../../lib/api';

export function resendVerification(emailOrUsername: string) {
  return api<{ message: string }>(`/api/users/ResendVerificationEmail?email=${encodeURIComponent(emailOrUsername)}`, {
    headers: { 'X-distributor-id': String(distributorId()) },
    allowUnauthorized: true,
  });
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
