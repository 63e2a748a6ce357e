// POST /api/forumgroup/joinopengroup/{id}: join an open group directly.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const joinOpenGroup = (id: number) => api<MessageBody>(`/api/forumgroup/joinopengroup/${id}`, { method: 'POST' });

export function useJoinOpenGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: joinOpenGroup, onSuccess: () => reloadGroups(qc) });
}
