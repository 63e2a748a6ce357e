// Posts written offline or on a slow link wait in the outbox; they show in the feed (or their group)
// as pending until they are sent: only the signed-in user's own. Attached files show how
// far their upload got; a post the server refused, or did not confirm in time, offers Retry and Discard.
import { formatFileSize } from '../../../../shared/format';
import { discardOutboxItem, retryOutboxItem, useOutboxItems, type OutboxItem } from '../../../offline/outbox';
import { GROUP_POST_OUTBOX_KIND, POST_OUTBOX_KIND } from '../api/create-post';

function status(item: OutboxItem): string {
  if (item.state === 'failed') return 'Not sent';
  const files = item.attachments ?? [];
  const total = files.reduce((n, a) => n + a.size, 0);
  const done = files.reduce((n, a) => n + (a.uploadId || a.refused ? a.size : a.bytesUploaded), 0);
  if (item.state === 'sending' && done < total) return `Uploading files: ${formatFileSize(done)} of ${formatFileSize(total)}`;
  if (item.state === 'sending') return 'Sending...';
  if (done > 0 && done < total) return `Waiting to sync (${formatFileSize(done)} of ${formatFileSize(total)} uploaded)`;
  return 'Waiting to sync';
}

export function PendingPosts({ groupId }: { groupId?: number }) {
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
            <p className="badge pending-badge">{status(item)}</p>
            <h3 className="post-title">{title}</h3>
            {text && <p className="post-text">{text}</p>}
            {(item.attachments ?? []).length > 0 && (
              <ul className="attach-list" aria-label="Files">
                {item.attachments!.map((a) => (
                  <li key={a.fileKey}>
                    {a.fileName} <span className="muted">{a.refused ? a.refused : formatFileSize(a.size)}</span>
                  </li>
                ))}
              </ul>
            )}
            {item.state === 'failed' && (
              <div className="alert error">
                {item.error ?? 'The server refused this post.'}
                <div className="actions">
                  <button type="button" className="btn" onClick={() => void retryOutboxItem(item.id)}>Retry</button>
                  <button type="button" className="btn" onClick={() => void discardOutboxItem(item.id)}>Discard</button>
                </div>
              </div>
            )}
          </article>
        );
      })}
    </>
  );
}
