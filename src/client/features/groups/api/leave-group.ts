// POST /api/forumgroup/LeaveGroup/{id}: leave a group (not the creator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const leaveGroup = (id: number) => call(groupsApi.leaveGroup, { params: { id } });

export function useLeaveGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: leaveGroup, onSuccess: () => reloadGroups(qc) });
}
