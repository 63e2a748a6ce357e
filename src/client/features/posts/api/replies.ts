// Replies under a post: the thread (oldest first, a page at a time), writing through the outbox
// (one Idempotency-Key, sent once even when the network comes and goes), editing, deleting and
// reporting. Every change refreshes the thread and the post lists (their cards show replies).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../../shared/endpoint';
import { replies as R } from '../../../../shared/endpoints';
import type { Reply } from '../../../../shared/schemas/replies';
import { call } from '../../../lib/api';
import type { QueuedReason } from '../../../offline/outbox';
import { postsQueryKey } from '../api/keys';

export const REPLY_OUTBOX_KIND = 'reply';
const PAGE = 20;

export const threadKey = (postId: number) => ['replies', postId] as const;
export const postKey = (postId: number) => ['post', postId] as const;

export const usePostDetail = (postId: number) =>
  useQuery({ queryKey: postKey(postId), queryFn: () => call(R.getPost, { params: { postId } }), retry: false, staleTime: 0 });

export function useThread(postId: number) {
  return useInfiniteQuery({
    queryKey: threadKey(postId),
    initialPageParam: '' as string,
    queryFn: ({ pageParam }) => call(R.listReplies, { params: { postId }, query: { limit: PAGE, cursor: pageParam || undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Others reply and delete all the time: opening the page always asks again (the kept answer shows meanwhile).
    staleTime: 0,
  });
}

export type SendReplyResult = { status: 'sent'; reply: Reply } | { status: 'queued'; reason: QueuedReason };

function useRefresh(postId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: threadKey(postId) }),
      qc.invalidateQueries({ queryKey: postKey(postId) }),
      qc.invalidateQueries({ queryKey: postsQueryKey }),
    ]);
}

export function useSendReply(postId: number) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: async (input: { text: string; replyTo: number | null }): Promise<SendReplyResult> => {
      // The outbox and its database load when a reply is sent, not with the screens that show posts.
      const { sendOrQueue } = await import('../../../offline/outbox');
      const result = await sendOrQueue(REPLY_OUTBOX_KIND, `Reply "${input.text.slice(0, 40)}"`, {
        method: 'POST',
        url: pathOf(R.createReply, { postId }),
        json: { text: input.text, replyTo: input.replyTo },
      }, { meta: { postId, text: input.text } });
      if (result.status === 'sent') return { status: 'sent', reply: result.response as Reply };
      return { status: 'queued', reason: result.reason };
    },
    onSuccess: () => void refresh(),
  });
}

export function useEditReply(postId: number) {
  const refresh = useRefresh(postId);
  return useMutation({ mutationFn: (input: { id: number; text: string }) => call(R.editReply, { params: { id: input.id }, body: { text: input.text } }), onSuccess: () => void refresh() });
}

export function useDeleteReply(postId: number) {
  const refresh = useRefresh(postId);
  return useMutation({ mutationFn: (id: number) => call(R.deleteReply, { params: { id } }), onSuccess: () => void refresh() });
}

export const useReportReply = () => useMutation({ mutationFn: (id: number) => call(R.reportReply, { params: { id } }) });
