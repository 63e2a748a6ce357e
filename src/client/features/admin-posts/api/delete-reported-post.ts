// POST /api/forumpost/deletereportedpost/{id} (admin): the creator is told their post was removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';

export const deleteReportedPost = (id: number) => call(postsApi.deleteReportedPost, { params: { id } });

export function useDeleteReportedPost() {
  const qc = useQueryClient();
  // The reported list and the feed both change.
  return useMutation({ mutationFn: deleteReportedPost, onSettled: () => qc.invalidateQueries({ queryKey: ['posts'] }) });
}
