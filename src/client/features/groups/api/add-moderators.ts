// POST /api/forumgroup/addmoderators/{groupId}: the owner makes members moderators (at least one).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const addModerators = ({ groupId, userIds }: { groupId: number; userIds: number[] }) =>
  api<MessageBody>(`/api/forumgroup/addmoderators/${groupId}`, { method: 'POST', body: userIds });

export function useAddModerators() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addModerators, onSuccess: () => reloadGroups(qc) });
}
