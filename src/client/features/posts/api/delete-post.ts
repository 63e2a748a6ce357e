// DELETE /api/forumpost/DeletePost/{id}: the creator deletes their own post.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';
import { postsQueryKey } from './keys';

export const deletePost = (id: number) => call(postsApi.deletePost, { params: { id } });

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => qc.invalidateQueries({ queryKey: postsQueryKey }) });
}
