// POST /api/forumgroup/acceptinvite/{id}: Invited -> Joined.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const acceptInvite = (groupId: number) => call(groupsApi.acceptInvite, { params: { id: groupId } });

export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: acceptInvite, onSuccess: () => reloadGroups(qc) });
}
