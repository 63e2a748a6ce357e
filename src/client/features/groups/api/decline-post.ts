// POST /api/forumpost/decline/{id}: a pending group post is removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const declinePost = (postId: number) => api<MessageBody>(`/api/forumpost/decline/${postId}`, { method: 'POST' });

export function useDeclinePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: declinePost, onSuccess: () => reloadGroups(qc) });
}
