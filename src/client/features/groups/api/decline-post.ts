// POST /api/forumpost/decline/{id}: a pending group post is removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { declineGroupPost } from '../../../../shared/endpoints/posts';
import { reloadGroups } from './keys';

export const declinePost = (postId: number) => call(declineGroupPost, { params: { id: postId } });

export function useDeclinePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: declinePost, onSuccess: () => reloadGroups(qc) });
}
