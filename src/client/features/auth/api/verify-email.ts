// POST /api/users/VerifyEmail?token= (the token of the e-mailed /emailverified/:token link).
import type * as v from 'valibot';
import type { verifyEmailResultSchema } from '../../../../shared/schemas/auth';
import { api, distributorId } from '../../../lib/api';

export function verifyEmail(token: string) {
  return api<v.InferOutput<typeof verifyEmailResultSchema>>(`/api/users/VerifyEmail?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'X-distributor-id': String(distributorId()) },
    allowUnauthorized: true,
  });
}
