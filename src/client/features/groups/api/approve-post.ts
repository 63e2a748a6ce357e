// POST /api/forumpost/approve/{id}: a pending group post becomes visible.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const approvePost = (postId: number) => api<MessageBody>(`/api/forumpost/approve/${postId}`, { method: 'POST' });

export function useApprovePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approvePost, onSuccess: () => reloadGroups(qc) });
}
