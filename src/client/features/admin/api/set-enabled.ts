// POST /api/users/SetEnabled/{uuid}/{bool} (admin): disabling signs the user out everywhere at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminUsersKey } from './get-users';
import { auditLogKey } from './get-audit-log';

export const setUserEnabled = ({ uuid, enabled }: { uuid: string; enabled: boolean }) =>
  api<{ enabled: boolean }>(`/api/users/SetEnabled/${encodeURIComponent(uuid)}/${enabled}`, { method: 'POST' });

export function useSetUserEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setUserEnabled,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: adminUsersKey }), qc.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
