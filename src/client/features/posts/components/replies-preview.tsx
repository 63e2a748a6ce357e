// Under a post card: the reply count and the newest two replies, and a link to the post page with
// all of them and the reply form.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ForumPost } from '../../../../shared/schemas/posts';
import { NS } from '../../../i18n/conversation';
import { ReplyItem } from './reply-item';
import './conversation.css';

export function RepliesPreview({ post }: { post: ForumPost }) {
  const { t } = useTranslation(NS);
  const count = post.reply_count ?? 0;
  return (
    <section className="replies-preview" aria-label={t('replies')}>
      {count > 0 && (
        <ul className="reply-list">
          {(post.latest_replies ?? []).map((r) => <ReplyItem key={r.id} reply={r} compact />)}
        </ul>
      )}
      <p className="small reply-links">
        {count > (post.latest_replies?.length ?? 0) && <><Link to={`/post/${post.id}`}>{t('viewAll', { count })}</Link>{' · '}</>}
        <Link to={`/post/${post.id}#reply-form`} aria-label={`${t('reply')}: ${post.title}`}>{t('reply')}</Link>
        {count > 0 && <span className="muted"> · {t('replyCount', { count })}</span>}
      </p>
    </section>
  );
}
