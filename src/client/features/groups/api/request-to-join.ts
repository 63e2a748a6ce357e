// POST /api/forumgroup/requestToJoinGroup/{id}: ask to join an invite-only group, with an optional message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const requestToJoin = ({ id, message }: { id: number; message: string }) =>
  api<MessageBody>(`/api/forumgroup/requestToJoinGroup/${id}`, { method: 'POST', body: { message } });

export function useRequestToJoin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: requestToJoin, onSuccess: () => reloadGroups(qc) });
}
