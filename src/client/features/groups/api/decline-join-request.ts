// POST /api/forumgroup/declinejoinrequest/{id}: the request is removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const declineJoinRequest = (requestId: number) => call(groupsApi.declineJoinRequest, { params: { id: requestId } });

export function useDeclineJoinRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: declineJoinRequest, onSuccess: () => reloadGroups(qc) });
}
