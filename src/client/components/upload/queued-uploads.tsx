// Uploads that did not finish in an earlier visit: the outbox keeps them with the bytes
// the server already has. A browser cannot re-read a file by itself, so the user chooses the same
// file again and it resumes from the server's offset; or discards it.
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { discardOutboxItem } from '../../offline/outbox';
import { useQueuedUploads } from '../../offline/uploads';

export function QueuedUploads({ kind, activeIds }: { kind: string; activeIds: ReadonlySet<string> }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  // Not uploading on this page: left by a reload, a closed tab or a lost connection.
  const items = useQueuedUploads(kind).filter((i) => !activeIds.has(i.id));
  if (!items.length) return null;
  return (
    <section className="queued-uploads" aria-label={t('upload.unfinished')}>
      <h2 className="h3">{t('upload.unfinished')}</h2>
      <ul>
        {items.map((item) => {
          const up = item.upload!;
          return (
            <li key={item.id} data-testid="queued-upload">
              <span className="upload-name">{up.fileName}</span>{' '}
              <span className="muted">
                {t('upload.progressOf', { done: format.fileSize(up.bytesUploaded), total: format.fileSize(up.size) })}
              </span>{' '}
              <span>{item.state === 'failed' ? item.error : t('upload.chooseAgain')}</span>{' '}
              <button type="button" className="btn small" onClick={() => void discardOutboxItem(item.id)}>
                {t('upload.discard')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
