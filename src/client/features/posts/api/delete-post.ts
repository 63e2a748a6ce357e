// DELETE /api/forumpost/DeletePost/{id}: the creator deletes their own post.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { postsQueryKey } from './keys';

export const deletePost = (id: number) => api<{ message: string }>(`/api/forumpost/DeletePost/${id}`, { method: 'DELETE' });

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => qc.invalidateQueries({ queryKey: postsQueryKey }) });
}
