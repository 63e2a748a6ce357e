// POST /api/forumgroup/removemoderator/{groupId}/{userId}: the owner makes a moderator a member again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const removeModerator = ({ groupId, userId }: { groupId: number; userId: number }) =>
  api<MessageBody>(`/api/forumgroup/removemoderator/${groupId}/${userId}`, { method: 'POST' });

export function useRemoveModerator() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeModerator, onSuccess: () => reloadGroups(qc) });
}
