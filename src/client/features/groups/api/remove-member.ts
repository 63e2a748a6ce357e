// POST /api/forumgroup/removemember/{groupId}/{userId}: group admins remove a member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const removeMember = ({ groupId, userId }: { groupId: number; userId: number }) =>
  api<MessageBody>(`/api/forumgroup/removemember/${groupId}/${userId}`, { method: 'POST' });

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => reloadGroups(qc) });
}
