// POST /api/forumgroup/rejectinvite/{id}: decline an invite; it is removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const rejectInvite = (groupId: number) => call(groupsApi.rejectInvite, { params: { id: groupId } });

export function useRejectInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rejectInvite, onSuccess: () => reloadGroups(qc) });
}
