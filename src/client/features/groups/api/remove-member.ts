// POST /api/forumgroup/removemember/{groupId}/{userId}: group admins remove a member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const removeMember = ({ groupId, userId }: { groupId: number; userId: number }) =>
  call(groupsApi.removeMember, { params: { groupId, userId } });

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => reloadGroups(qc) });
}
