// POST and DELETE /api/push-subscriptions: this browser's Web Push subscription, kept for me.
import { call } from '../../../lib/api';
import { deletePushSubscription, savePushSubscription } from '../../../../shared/endpoints/notifications';

export const savePush = (sub: PushSubscriptionJSON) =>
  call(savePushSubscription, { body: { endpoint: sub.endpoint ?? '', expirationTime: sub.expirationTime ?? null, keys: { p256dh: sub.keys?.p256dh ?? '', auth: sub.keys?.auth ?? '' } } });

export const deletePush = (endpoint: string) => call(deletePushSubscription, { query: { endpoint } });
