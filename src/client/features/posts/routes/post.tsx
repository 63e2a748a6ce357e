// /post/:postId: one post with all its replies, oldest first, a page at a time, and the reply form
// ('reply to' quotes one reply). A post the reader may not see is 'Post not found' like a missing one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Reply } from '../../../../shared/schemas/replies';
import { EmptyState } from '../../../components/empty-state';
import { PostCard } from '../components/post-card';
import { Spinner } from '../../../components/spinner';
import { useItemTitle } from '../../../app/screen-title';
import { usePostDetail, useThread } from '../api/replies';
import { ReplyForm } from '../components/reply-form';
import { ReplyItem } from '../components/reply-item';
import { NS } from '../../../i18n/conversation';
import '../components/conversation.css';

export function Component() {
  const { t } = useTranslation(NS);
  const { postId: raw = '' } = useParams();
  const postId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const post = usePostDetail(postId);
  const thread = useThread(postId);
  const [quoting, setQuoting] = useState<Reply | null>(null);
  useItemTitle(post.data?.title);
  if (post.isLoading) return <Spinner label={t('loading')} />;
  if (post.error || !post.data) {
    return (
      <EmptyState title={t('postNotFound')}>
        <p className="muted">{post.error ? (post.error as Error).message : t('postNotFound')}</p>
        <Link to="/feed">{t('backToFeed')}</Link>
      </EmptyState>
    );
  }
  const replies = thread.data?.pages.flatMap((p) => p.replies) ?? [];
  const total = thread.data?.pages[0]?.total ?? post.data.reply_count;
  return (
    <div className="post-page">
      <h1 className="visually-hidden">{post.data.title}</h1>
      <PostCard post={{ ...post.data, latest_replies: [] }} />
      <section className="card thread" aria-labelledby="replies-heading">
        <h2 id="replies-heading">{t('replies')} <span className="muted small">({t('replyCount', { count: total })})</span></h2>
        {thread.isLoading ? <Spinner label={t('loading')} /> : replies.length === 0 ? <p className="muted">{t('noReplies')}</p> : (
          <ul className="reply-list">
            {replies.map((r) => <ReplyItem key={r.id} reply={r} onAnswer={setQuoting} />)}
          </ul>
        )}
        {thread.hasNextPage && (
          <button type="button" className="btn" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>{t('loadMore')}</button>
        )}
        <div id="reply-form">
          <ReplyForm postId={postId} quoting={quoting} onClearQuote={() => setQuoting(null)} />
        </div>
      </section>
    </div>
  );
}
