// 'Helpful' on posts and replies (PUT marks, DELETE takes back: sending either twice changes
// nothing), who found one helpful, and the people a writer may mention (the autocomplete).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversation as C } from '../../../../shared/endpoints';
import type { ReactionState } from '../../../../shared/schemas/conversation';
import { call } from '../../../lib/api';
import { postsQueryKey } from './keys';

export type HelpfulTarget = { kind: 'post'; id: number } | { kind: 'reply'; id: number; postId: number };

export const helpfulByKey = (t: HelpfulTarget) => ['helpful-by', t.kind, t.id] as const;

/** Mark or take back 'Helpful'; then the lists showing it (feed, group, post page, thread) read again. */
export function useToggleHelpful(target: HelpfulTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean): Promise<ReactionState> =>
      target.kind === 'post'
        ? call(on ? C.markPostHelpful : C.unmarkPostHelpful, { params: { postId: target.id } })
        : call(on ? C.markReplyHelpful : C.unmarkReplyHelpful, { params: { id: target.id } }),
    onSuccess: () => {
      const postId = target.kind === 'post' ? target.id : target.postId;
      void Promise.all([
        qc.invalidateQueries({ queryKey: helpfulByKey(target) }),
        qc.invalidateQueries({ queryKey: postsQueryKey }),
        qc.invalidateQueries({ queryKey: ['post', postId] }),
        qc.invalidateQueries({ queryKey: ['replies', postId] }),
      ]);
    },
  });
}

/** Who found it helpful: read when the list is opened. */
export const useHelpfulBy = (target: HelpfulTarget, enabled: boolean) =>
  useQuery({
    queryKey: helpfulByKey(target),
    queryFn: () => (target.kind === 'post' ? call(C.postHelpfulBy, { params: { postId: target.id } }) : call(C.replyHelpfulBy, { params: { id: target.id } })),
    enabled,
    staleTime: 0,
  });

/** Where the text goes decides who may be mentioned: a post's readers, a group's members, or everyone (the feed). */
export type MentionScope = { postId: number } | { groupId: number } | null;

export const useMentionCandidates = (scope: MentionScope, term: string | null) =>
  useQuery({
    queryKey: ['mention-candidates', scope, term],
    queryFn: () => call(C.mentionCandidates, { query: { term: term ?? '', ...(scope ?? {}) } }),
    enabled: term !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
