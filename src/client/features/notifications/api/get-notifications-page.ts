// GET /api/Notification?cursor=: the /notifications page, 50 at a time, older ones on request.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { listNotifications } from '../../../../shared/endpoints/notifications';
import { notificationsQueryKey } from './get-notifications';

export const notificationsPageQueryOptions = () =>
  infiniteQueryOptions({
    // Under the dropdown's key, so marking read refreshes both.
    queryKey: [...notificationsQueryKey, 'page'] as const,
    queryFn: ({ pageParam }) => call(listNotifications, { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useNotificationsPage = () => useInfiniteQuery(notificationsPageQueryOptions());
