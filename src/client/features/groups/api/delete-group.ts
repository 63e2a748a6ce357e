// DELETE /api/forumgroup/deletegroup/{id}: the owner deletes the group and its posts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const deleteGroup = (id: number) => api<MessageBody>(`/api/forumgroup/deletegroup/${id}`, { method: 'DELETE' });

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSuccess: () => reloadGroups(qc) });
}
