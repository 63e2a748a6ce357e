// PATCH /api/forumgroup/updategroup/{id}: id, name, description, membershipType, postingType (group admins).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateGroupInput } from '../../../../shared/schemas/groups';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const updateGroup = ({ id, ...input }: UpdateGroupInput & { id: number }) =>
  call(groupsApi.updateGroup, { params: { id }, body: { id, ...input } });

export function useUpdateGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateGroup, onSuccess: () => reloadGroups(qc) });
}
