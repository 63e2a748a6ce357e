// POST /api/forumpost/ignorereportedpost/{postId}/{reporterUserId} (admin).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { ignoreReportedPost } from '../../../../shared/endpoints/posts';
import { reportedPostsQueryKey } from './get-reported-posts';

export const ignoreReport = ({ postId, userId }: { postId: number; userId: number }) =>
  call(ignoreReportedPost, { params: { postId, userId } });

export function useIgnoreReport() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ignoreReport, onSettled: () => qc.invalidateQueries({ queryKey: reportedPostsQueryKey }) });
}
