// POST /api/forumgroup/creategroup: name, description, membershipType, postingType; the creator owns it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupInput, ForumGroup } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const createGroup = (input: CreateGroupInput) => api<ForumGroup>('/api/forumgroup/creategroup', { method: 'POST', body: input });

export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => reloadGroups(qc) });
}
