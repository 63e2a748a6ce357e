// POST /api/forumgroup/cancelinvite/{id}: group admins withdraw an invite.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const cancelInvite = (inviteId: number) => call(groupsApi.cancelInvite, { params: { id: inviteId } });

export function useCancelInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelInvite, onSuccess: () => reloadGroups(qc) });
}
