// POST /api/Notification/MarkAllAsRead: every notification of mine read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { markAllNotificationsRead } from '../../../../shared/endpoints/notifications';
import { notificationsQueryKey } from './get-notifications';

export const markAllAsRead = () => call(markAllNotificationsRead);

export function useMarkAllAsRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAllAsRead, onSettled: () => qc.invalidateQueries({ queryKey: notificationsQueryKey }) });
}
