// POST /api/forumgroup/sendinvites/{groupId}: invite one e-mail address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { sendInvites } from '../../../../shared/endpoints/groups';
import { reloadGroups } from './keys';

export const sendInvite = ({ groupId, email }: { groupId: number; email: string }) =>
  call(sendInvites, { params: { groupId }, body: { email } });

export function useSendInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendInvite, onSuccess: () => reloadGroups(qc) });
}
