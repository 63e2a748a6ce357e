// POST /api/forumpost/approve/{id}: a pending group post becomes visible.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { approveGroupPost } from '../../../../shared/endpoints/posts';
import { reloadGroups } from './keys';

export const approvePost = (postId: number) => call(approveGroupPost, { params: { id: postId } });

export function useApprovePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approvePost, onSuccess: () => reloadGroups(qc) });
}
