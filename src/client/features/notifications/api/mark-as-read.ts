// GET /api/Notification/MarkAsRead/{id}: mark one of my notifications read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { NotificationItem } from '../../../../shared/schemas/notifications';
import { notificationsQueryKey } from './get-notifications';

export const markAsRead = (id: number) => api<NotificationItem>(`/api/Notification/MarkAsRead/${id}`);

export function useMarkAsRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAsRead, onSettled: () => qc.invalidateQueries({ queryKey: notificationsQueryKey }) });
}
