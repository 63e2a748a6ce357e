// POST /api/forumpost/PostToEveryone (admin): a post with no group; every user is notified.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface PostToEveryoneInput {
  title: string;
  text: string;
  tags: number[];
}

export const postToEveryone = (input: PostToEveryoneInput) =>
  api<{ id: number; title: string; notified?: number }>('/api/forumpost/PostToEveryone', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

export function usePostToEveryone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: postToEveryone, onSuccess: () => qc.invalidateQueries({ queryKey: ['posts'] }) });
}
