// POST /api/forumgroup/LeaveGroup/{id}: leave a group (not the creator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const leaveGroup = (id: number) => api<MessageBody>(`/api/forumgroup/LeaveGroup/${id}`, { method: 'POST' });

export function useLeaveGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: leaveGroup, onSuccess: () => reloadGroups(qc) });
}
