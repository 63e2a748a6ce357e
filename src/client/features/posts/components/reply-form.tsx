// Write a reply to the post, or to one reply (quoted above the box). Sent through the outbox: when
// offline it is kept on the device and sent once the network is back.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reply } from '../../../../shared/schemas/replies';
import { useToast } from '../../../components/toast';
import { useSendReply } from '../api/replies';
import { NS } from '../../../i18n/conversation';
import { nameOf } from './reply-item';
import { MentionTextarea } from './mention-textarea';

export function ReplyForm({ postId, quoting, onClearQuote }: { postId: number; quoting: Reply | null; onClearQuote: () => void }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const send = useSendReply(postId);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (quoting) box.current?.focus();
  }, [quoting]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    try {
      const result = await send.mutateAsync({ text, replyTo: quoting?.id ?? null });
      setText('');
      onClearQuote();
      if (result.status === 'sent') toast(t('replySent'));
      else setNotice(t('queued'));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <form className="reply-form" onSubmit={onSubmit} aria-label={t('writeReply')}>
      <p className="small muted" aria-live="polite">
        {quoting ? t('replyingTo', { name: nameOf(quoting.creator) }) : t('replyingToPost')}
        {quoting && <> · <button type="button" className="btn link" onClick={onClearQuote}>{t('cancelQuote')}</button></>}
      </p>
      <label htmlFor={`reply-${postId}-text`} className="visually-hidden">{t('writeReply')}</label>
      <MentionTextarea id={`reply-${postId}-text`} inputRef={box} value={text} onValueChange={setText} scope={{ postId }} rows={3} maxLength={5000} placeholder={t('writeReply')} aria-invalid={error ? true : undefined} aria-describedby={error ? `reply-${postId}-error` : `reply-${postId}-help`} />
      <p id={`reply-${postId}-help`} className="small muted">{t('mentionHelp')}</p>
      {error && <p id={`reply-${postId}-error`} className="field-error" role="alert">{error}</p>}
      {notice && <p className="notice small" role="status">{notice}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={send.isPending}>{send.isPending ? t('sending') : t('send')}</button>
      </div>
    </form>
  );
}
