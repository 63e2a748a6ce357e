// POST /api/forumpost/PostToEveryone (admin): a post with no group; every user is notified and
// the answer says how many (notified).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostToEveryoneResponse } from '../../../../shared/schemas/posts';
import { api } from '../../../lib/api';
import { randomId } from '../../../lib/compat';

export interface PostToEveryoneInput {
  title: string;
  text: string;
  tags: number[];
}

export const postToEveryone = (input: PostToEveryoneInput) =>
  api<PostToEveryoneResponse>('/api/forumpost/PostToEveryone', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': randomId() },
  });

export function usePostToEveryone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: postToEveryone, onSuccess: () => qc.invalidateQueries({ queryKey: ['posts'] }) });
}
