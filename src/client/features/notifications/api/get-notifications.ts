// GET /api/Notification: my notifications (newest first) and the unread count, polled every 60 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { NOTIFICATION_POLL_MS } from '../../../../shared/limits';
import { listNotifications } from '../../../../shared/endpoints/notifications';

export const notificationsQueryKey = ['notifications'] as const;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: () => call(listNotifications),
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: 10_000,
  });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQueryOptions(), enabled });
