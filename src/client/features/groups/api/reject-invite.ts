// POST /api/forumgroup/rejectinvite/{id}: decline an invite; it is removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const rejectInvite = (groupId: number) => api<MessageBody>(`/api/forumgroup/rejectinvite/${groupId}`, { method: 'POST' });

export function useRejectInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rejectInvite, onSuccess: () => reloadGroups(qc) });
}
