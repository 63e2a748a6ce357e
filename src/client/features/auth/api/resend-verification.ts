// GET /api/users/ResendVerificationEmail?email= (the server also accepts the username here,
// because the login screen only knows the username).
import { useMutation } from '@tanstack/react-query';
import { distributorId, call } from '../../../lib/api';
import { resendVerificationEmail } from '../../../../shared/endpoints/auth';

export function resendVerification(emailOrUsername: string) {
  return call(resendVerificationEmail, { query: { email: emailOrUsername } }, { headers: { 'X-distributor-id': String(distributorId()) }, allowUnauthorized: true });
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
