// POST /api/forumgroup/addmoderators/{groupId}: the owner makes members moderators (at least one).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const addModerators = ({ groupId, userIds }: { groupId: number; userIds: number[] }) =>
  call(groupsApi.addModerators, { params: { groupId }, body: userIds });

export function useAddModerators() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addModerators, onSuccess: () => reloadGroups(qc) });
}
