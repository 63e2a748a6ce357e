// POST /api/forumgroup/joinopengroup/{id}: join an open group directly.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const joinOpenGroup = (id: number) => call(groupsApi.joinOpenGroup, { params: { id } });

export function useJoinOpenGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: joinOpenGroup, onSuccess: () => reloadGroups(qc) });
}
