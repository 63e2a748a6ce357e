// GET and PUT /api/notification-settings: where each kind goes, and the digest frequency.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { call } from '../../../lib/api';
import { getNotificationSettings, updateNotificationSettings } from '../../../../shared/endpoints/notifications';
import type { updateNotificationSettingsSchema } from '../../../../shared/schemas/notifications';

export const notificationSettingsQueryKey = ['notification-settings'] as const;

export const notificationSettingsQueryOptions = () => queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: () => call(getNotificationSettings) });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: v.InferInput<typeof updateNotificationSettingsSchema>) => call(updateNotificationSettings, { body }),
    onSuccess: (data) => qc.setQueryData(notificationSettingsQueryKey, data),
  });
}
