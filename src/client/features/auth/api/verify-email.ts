// POST /api/users/VerifyEmail?token= (the token of the e-mailed /emailverified/:token link).
import { api, distributorId } from '../../../lib/api';

export function verifyEmail(token: string) {
  return api<{ message: string }>(`/api/users/VerifyEmail?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'X-distributor-id': String(distributorId()) },
    allowUnauthorized: true,
  });
}
