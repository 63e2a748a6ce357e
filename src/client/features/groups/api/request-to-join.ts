// POST /api/forumgroup/requestToJoinGroup/{id}: ask to join an invite-only group, with an optional message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { requestToJoinGroup } from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const requestToJoin = ({ id, message }: { id: number; message: string }) =>
  call(requestToJoinGroup, { params: { id }, body: { message } });

export function useRequestToJoin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: requestToJoin, onSuccess: () => reloadGroups(qc) });
}
