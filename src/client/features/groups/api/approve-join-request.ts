// POST /api/forumgroup/approvejoinrequest/{id}: the requester becomes a member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const approveJoinRequest = (requestId: number) => call(groupsApi.approveJoinRequest, { params: { id: requestId } });

export function useApproveJoinRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveJoinRequest, onSuccess: () => reloadGroups(qc) });
}
