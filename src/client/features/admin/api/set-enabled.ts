// POST /api/users/SetEnabled/{uuid}/{bool} (admin): disabling signs the user out everywhere at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as adminUsersApi from '../../../../shared/endpoints/admin-users';
import { adminUsersKey } from './get-users';
import { auditLogKey } from './get-audit-log';

export const setUserEnabled = ({ uuid, enabled }: { uuid: string; enabled: boolean }) =>
  call(adminUsersApi.setUserEnabled, { params: { uuid, enabled: String(enabled) } });

export function useSetUserEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setUserEnabled,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: adminUsersKey }), qc.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
