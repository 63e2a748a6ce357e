// Posts written offline or on a slow link wait in the outbox; they show in the feed (or their group)
// as pending until they are sent: only the signed-in user's own. Attached files show how
// far their upload got; a post the server refused, or did not confirm in time, offers Retry and Discard.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { offlineMessage } from '../../../offline/messages';
import { discardOutboxItem, retryOutboxItem, useOutboxItems, type OutboxItem } from '../../../offline/outbox';
import { GROUP_POST_OUTBOX_KIND, POST_OUTBOX_KIND } from '../api/create-post';

function status(item: OutboxItem, t: TFunction<'feed'>, formatFileSize: (bytes: number) => string): string {
  if (item.state === 'failed') return t('pending.notSent');
  const files = item.attachments ?? [];
  const total = files.reduce((n, a) => n + a.size, 0);
  const done = files.reduce((n, a) => n + (a.uploadId || a.refused ? a.size : a.bytesUploaded), 0);
  if (item.state === 'sending' && done < total) return t('pending.uploading', { done: formatFileSize(done), total: formatFileSize(total) });
  if (item.state === 'sending') return t('pending.sending');
  if (done > 0 && done < total) return t('pending.waitingUploaded', { done: formatFileSize(done), total: formatFileSize(total) });
  return t('pending.waiting');
}

export function PendingPosts({ groupId }: { groupId?: number }) {
  const { t } = useTranslation('feed');
  const { t: to } = useTranslation('offline');
  const { fileSize } = useFormat();
  const items = useOutboxItems(groupId === undefined ? POST_OUTBOX_KIND : GROUP_POST_OUTBOX_KIND).filter(
    (i) => i.state !== 'sent' && (groupId === undefined || i.meta?.groupId === groupId),
  );
  if (!items.length) return null;
  return (
    <>
      {items.map((item) => {
        const title = String(item.meta?.title ?? item.label);
        const text = String(item.meta?.text ?? '');
        return (
          <article key={item.id} className="card post-card pending" aria-label={title} data-testid="pending-post">
            <p className="badge pending-badge">{status(item, t, fileSize)}</p>
            <h3 className="post-title">{title}</h3>
            {text && <p className="post-text">{text}</p>}
            {(item.attachments ?? []).length > 0 && (
              <ul className="attach-list" aria-label={t('pending.files')}>
                {item.attachments!.map((a) => (
                  <li key={a.fileKey}>
                    {a.fileName} <span className="muted">{a.refused ? a.refused : fileSize(a.size)}</span>
                  </li>
                ))}
              </ul>
            )}
            {item.state === 'failed' && (
              <div className="alert error">
                {item.error ? offlineMessage(to, item.error) : t('pending.refused')}
                <div className="actions">
                  <button type="button" className="btn" onClick={() => void retryOutboxItem(item.id)}>{t('pending.retry')}</button>
                  <button type="button" className="btn" onClick={() => void discardOutboxItem(item.id)}>{t('pending.discard')}</button>
                </div>
              </div>
            )}
          </article>
        );
      })}
    </>
  );
}
