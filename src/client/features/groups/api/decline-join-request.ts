// POST /api/forumgroup/declinejoinrequest/{id}: the request is removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const declineJoinRequest = (requestId: number) => api<MessageBody>(`/api/forumgroup/declinejoinrequest/${requestId}`, { method: 'POST' });

export function useDeclineJoinRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: declineJoinRequest, onSuccess: () => reloadGroups(qc) });
}
