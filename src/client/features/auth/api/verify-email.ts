// POST /api/users/VerifyEmail?token= (the token of the e-mailed /emailverified/:token link).
import { distributorId, call } from '../../../lib/api';
import * as authApi from '../../../../shared/endpoints/auth';

export function verifyEmail(token: string) {
  return call(authApi.verifyEmail, { query: { token } }, { headers: { 'X-distributor-id': String(distributorId()) }, allowUnauthorized: true });
}
