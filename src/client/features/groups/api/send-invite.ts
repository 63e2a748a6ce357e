// POST /api/forumgroup/sendinvites/{groupId}: invite one e-mail address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api';
import { reloadGroups } from './keys';

export const sendInvite = ({ groupId, email }: { groupId: number; email: string }) =>
  api<MessageBody>(`/api/forumgroup/sendinvites/${groupId}`, { method: 'POST', body: { email } });

export function useSendInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendInvite, onSuccess: () => reloadGroups(qc) });
}
