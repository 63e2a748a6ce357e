// POST /api/forumgroup/approvejoinrequest/{id}: the requester becomes a member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const approveJoinRequest = (requestId: number) => api<MessageBody>(`/api/forumgroup/approvejoinrequest/${requestId}`, { method: 'POST' });

export function useApproveJoinRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveJoinRequest, onSuccess: () => reloadGroups(qc) });
}
