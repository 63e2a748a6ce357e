// One reply: author, time, what it quotes ('This reply was deleted' once the quoted reply is gone),
// its text, and Reply / Edit / Delete / Report as the reader may.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelativeDate } from '../../../i18n/format';
import { Link } from 'react-router-dom';
import type { Reply } from '../../../../shared/schemas/replies';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { useDeleteReply, useEditReply, useReportReply } from '../api/replies';
import { NS } from '../../../i18n/conversation';
import { HelpfulButton } from './helpful-button';
import { MentionText } from './mention-text';
import { MentionTextarea } from './mention-textarea';

export const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

export function ReplyQuote({ quote }: { quote: NonNullable<Reply['reply_to']> }) {
  const { t } = useTranslation(NS);
  if (quote.deleted || !quote.creator) return <blockquote className="reply-quote muted">{t('replyDeleted')}</blockquote>;
  return (
    <blockquote className="reply-quote">
      <a href={`#reply-${quote.id}`} className="small">{nameOf(quote.creator)}</a>
      <span className="reply-quote-text">{quote.excerpt}</span>
    </blockquote>
  );
}

export function ReplyItem({ reply, onAnswer, compact = false }: { reply: Reply; onAnswer?: (r: Reply) => void; compact?: boolean }) {
  const { t } = useTranslation(NS);
  const when = useRelativeDate();
  const toast = useToast();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reply.text);
  const edit = useEditReply(reply.post_id);
  const del = useDeleteReply(reply.post_id);
  const report = useReportReply();
  const author = nameOf(reply.creator);

  const onDelete = async () => {
    if (!(await confirm({ title: t('deleteTitle'), message: t('deleteConfirm'), confirmLabel: t('delete'), danger: true }))) return;
    try {
      await del.mutateAsync(reply.id);
      toast(t('deleted'));
    } catch (err) {
      await alert('Error', (err as Error).message);
    }
  };
  const onReport = async () => {
    try {
      await report.mutateAsync(reply.id);
      toast(t('reported'));
    } catch (err) {
      await alert('Notice', (err as Error).message);
    }
  };
  const onSave = async () => {
    try {
      await edit.mutateAsync({ id: reply.id, text: draft });
      setEditing(false);
    } catch (err) {
      await alert('Error', (err as Error).message);
    }
  };

  return (
    <li className="reply" id={`reply-${reply.id}`} data-testid="reply" aria-label={author}>
      <div className="reply-head small">
        <Link to={`/view-user/${reply.creator.uuid_id || reply.creator.id}`} className="post-author">{author}</Link>{' '}
        <time className="muted" dateTime={reply.created_at}>{when(reply.created_at)}</time>
        {reply.edited_at && <span className="muted"> · {t('edited')}</span>}
      </div>
      {reply.reply_to && <ReplyQuote quote={reply.reply_to} />}
      {editing ? (
        <div className="reply-edit">
          <label className="visually-hidden" htmlFor={`edit-${reply.id}`}>{t('edit')}</label>
          <MentionTextarea id={`edit-${reply.id}`} value={draft} onValueChange={setDraft} scope={{ postId: reply.post_id }} rows={3} maxLength={5000} />
          <div className="actions">
            <button type="button" className="btn primary small" onClick={onSave} disabled={edit.isPending}>{t('save')}</button>
            <button type="button" className="btn small" onClick={() => { setEditing(false); setDraft(reply.text); }}>{t('cancel')}</button>
          </div>
        </div>
      ) : (
        <p className="reply-text"><MentionText text={reply.text} mentions={reply.mentions} /></p>
      )}
      {!compact && !editing && (
        <div className="reply-actions small">
          {onAnswer && <button type="button" className="btn link" onClick={() => onAnswer(reply)} aria-label={t('replyTo', { name: author })}>{t('reply')}</button>}
          {reply.is_mine && <button type="button" className="btn link" onClick={() => setEditing(true)}>{t('edit')}</button>}
          {reply.can_delete && <button type="button" className="btn link" onClick={onDelete} disabled={del.isPending}>{t('delete')}</button>}
          {!reply.is_mine && <button type="button" className="btn link" onClick={onReport} disabled={report.isPending}>{t('report')}</button>}
        </div>
      )}
      {!editing && (
        <HelpfulButton target={{ kind: 'reply', id: reply.id, postId: reply.post_id }} state={{ helpful_count: reply.helpful_count ?? 0, helpful_mine: reply.helpful_mine ?? false }} canReact={!reply.is_mine && !compact} />
      )}
    </li>
  );
}
