// DELETE /api/forumgroup/deletegroup/{id}: the owner deletes the group and its posts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const deleteGroup = (id: number) => call(groupsApi.deleteGroup, { params: { id } });

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSuccess: () => reloadGroups(qc) });
}
