// Posts written offline wait in the outbox; they show in the feed (or their group) as pending until
// they are sent.
import { discardOutboxItem, retryOutboxItem, useOutboxItems } from '../../offline/outbox';
import { GROUP_POST_OUTBOX_KIND, POST_OUTBOX_KIND } from './api/create-post';

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
            <p className="badge pending-badge">{item.state === 'failed' ? 'Not sent' : 'Waiting to sync'}</p>
            <h3 className="post-title">{title}</h3>
            {text && <p className="post-text">{text}</p>}
            {item.state === 'failed' && (
              <div className="alert error">
                {item.error ?? 'The server refused this post.'}
                <div className="actions">
                  <button type="button" className="btn" onClick={() => void retryOutboxItem(item.id)}>Try again</button>
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
