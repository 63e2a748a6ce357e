// PATCH /api/forumgroup/updategroup/{id}: id, name, description, membershipType, postingType (group admins).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForumGroup, UpdateGroupInput } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const updateGroup = ({ id, ...input }: UpdateGroupInput & { id: number }) =>
  api<ForumGroup>(`/api/forumgroup/updategroup/${id}`, { method: 'PATCH', body: { id, ...input } });

export function useUpdateGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateGroup, onSuccess: () => reloadGroups(qc) });
}
