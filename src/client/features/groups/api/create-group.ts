// POST /api/forumgroup/creategroup: name, description, membershipType, postingType; the creator owns it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupInput } from '../../../../shared/schemas/groups';
import { call } from '../../../lib/api';
import * as groupsApi from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const createGroup = (input: CreateGroupInput) => call(groupsApi.createGroup, { body: input });

export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => reloadGroups(qc) });
}
