// POST /api/forumgroup/acceptinvite/{id}: Invited -> Joined.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const acceptInvite = (groupId: number) => api<MessageBody>(`/api/forumgroup/acceptinvite/${groupId}`, { method: 'POST' });

export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: acceptInvite, onSuccess: () => reloadGroups(qc) });
}
