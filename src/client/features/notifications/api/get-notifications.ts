// GET /api/Notification: my notifications (newest first) and the unread count, polled every 60 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { NOTIFICATION_POLL_MS } from '../../../../shared/limits';
import type { NotificationList } from '../../../../shared/schemas/notifications';
import { apiUrl } from '../../../../shared/first-answers';

export const notificationsQueryKey = ['notifications'] as const;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: () => api<NotificationList>(apiUrl.notifications),
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: 10_000,
  });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQueryOptions(), enabled });
