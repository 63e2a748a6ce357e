// POST /api/forumpost/ignorereportedpost/{postId}/{reporterUserId} (admin).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportedPostsQueryKey } from './get-reported-posts';

export const ignoreReport = ({ postId, userId }: { postId: number; userId: number }) =>
  api<{ message: string }>(`/api/forumpost/ignorereportedpost/${postId}/${userId}`, { method: 'POST' });

export function useIgnoreReport() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ignoreReport, onSettled: () => qc.invalidateQueries({ queryKey: reportedPostsQueryKey }) });
}
