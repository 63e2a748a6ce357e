// POST /api/forumgroup/cancelinvite/{id}: group admins withdraw an invite.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const cancelInvite = (inviteId: number) => api<MessageBody>(`/api/forumgroup/cancelinvite/${inviteId}`, { method: 'POST' });

export function useCancelInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelInvite, onSuccess: () => reloadGroups(qc) });
}
