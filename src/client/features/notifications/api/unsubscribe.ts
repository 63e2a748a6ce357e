// POST /api/notifications/unsubscribe?token=: the e-mail digest's unsubscribe link, no sign-in.
import { call } from '../../../lib/api';
import { unsubscribeDigest } from '../../../../shared/endpoints/notifications';

export const unsubscribe = (token: string) => call(unsubscribeDigest, { query: { token } }, { allowUnauthorized: true });
