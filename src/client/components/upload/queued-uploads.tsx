// Uploads that did not finish in an earlier visit: the outbox keeps them with the bytes
// the server already has. A browser cannot re-read a file by itself, so the user chooses the same
// file again and it resumes from the server's offset; or discards it.
import { formatFileSize } from '../../../shared/format';
import { discardOutboxItem } from '../../offline/outbox';
import { useQueuedUploads } from '../../offline/uploads';

export function QueuedUploads({ kind, activeIds }: { kind: string; activeIds: ReadonlySet<string> }) {
  // Not uploading on this page: left by a reload, a closed tab or a lost connection.
  const items = useQueuedUploads(kind).filter((i) => !activeIds.has(i.id));
  if (!items.length) return null;
  return (
    <section className="queued-uploads" aria-label="Unfinished uploads">
      <h2 className="h3">Unfinished uploads</h2>
      <ul>
        {items.map((item) => {
          const up = item.upload!;
          return (
            <li key={item.id} data-testid="queued-upload">
              <span className="upload-name">{up.fileName}</span>{' '}
              <span className="muted">
                {formatFileSize(up.bytesUploaded)} of {formatFileSize(up.size)} uploaded.
              </span>{' '}
              <span>{item.state === 'failed' ? item.error : 'Choose the same file again to resume.'}</span>{' '}
              <button type="button" className="btn small" onClick={() => void discardOutboxItem(item.id)}>
                Discard
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
