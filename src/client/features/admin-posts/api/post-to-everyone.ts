// POST /api/forumpost/PostToEveryone (admin): a post with no group; every user is notified and
// the answer says how many (notified).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';
import { randomId } from '../../../lib/compat';

export interface PostToEveryoneInput {
  title: string;
  text: string;
  tags: number[];
}

export const postToEveryone = (input: PostToEveryoneInput) =>
  call(postsApi.postToEveryone, { body: input }, { headers: { 'Idempotency-Key': randomId() } });

export function usePostToEveryone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: postToEveryone, onSuccess: () => qc.invalidateQueries({ queryKey: ['posts'] }) });
}
