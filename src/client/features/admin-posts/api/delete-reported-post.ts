// POST /api/forumpost/deletereportedpost/{id} (admin): the creator is told their post was removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const deleteReportedPost = (id: number) => api<{ message: string }>(`/api/forumpost/deletereportedpost/${id}`, { method: 'POST' });

export function useDeleteReportedPost() {
  const qc = useQueryClient();
  // The reported list and the feed both change.
  return useMutation({ mutationFn: deleteReportedPost, onSettled: () => qc.invalidateQueries({ queryKey: ['posts'] }) });
}
