// GET /api/Notification/MarkAsRead/{id}: mark one of my notifications read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { markNotificationRead } from '../../../../shared/endpoints/notifications';
import { notificationsQueryKey } from './get-notifications';

export const markAsRead = (id: number) => call(markNotificationRead, { params: { id } });

export function useMarkAsRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAsRead, onSettled: () => qc.invalidateQueries({ queryKey: notificationsQueryKey }) });
}
