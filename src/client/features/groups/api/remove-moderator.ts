// POST /api/forumgroup/removemoderator/{groupId}/{userId}: the owner makes a moderator a member again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const removeModerator = ({ groupId, userId }: { groupId: number; userId: number }) =>
  call(groupsApi.removeModerator, { params: { groupId, userId } });

export function useRemoveModerator() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeModerator, onSuccess: () => reloadGroups(qc) });
}
