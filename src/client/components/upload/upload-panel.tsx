// The shared upload panel of the scenario and media upload screens (spec section 2): a drop zone
// with 'Browse files' and 'Select folder', and the upload table. Files go up resumably (tus, 16 MB
// chunks) in batches 1.5 s after the last file was added; Uppy loads only when a batch is sent.
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDrop, fromInput, type PickResult } from './folder-scan';
import { QueuedUploads } from './queued-uploads';
import { UploadTable, type UploadTableRow } from './upload-table';
import { useUploadQueue, type UploadRow } from './use-upload-queue';

export type { UploadRow } from './use-upload-queue';

export interface UploadPanelProps {
  kind: 'scenario' | 'media';
  /** Lowercased, with the dot. */
  extensions: readonly string[];
  maxFiles: number;
  dropText: string;
  /** Folders may be chosen (scanned three levels deep, with the warning). */
  folderWarning?: boolean;
  onUploaded?: (row: UploadRow) => void;
  /** Asked of each uploaded file in its row (an image's alt text, a video's captions). */
  uploadedExtra?: (row: UploadTableRow & { uuid_id: string }) => ReactNode;
}

export function UploadPanel({ kind, extensions, maxFiles, dropText, folderWarning, onUploaded, uploadedExtra }: UploadPanelProps) {
  const { t } = useTranslation('common');
  const queue = useUploadQueue({ kind, extensions, maxFiles, onUploaded });
  const [dragging, setDragging] = useState(false);
  const [folderUsed, setFolderUsed] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const take = (picked: PickResult) => {
    if (picked.fromFolder) setFolderUsed(true);
    if (picked.fromFolder && !picked.files.length) {
      queue.setNotice(t('upload.noFolderFiles'));
      return;
    }
    queue.addFiles(picked.files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    // Entries must be read before any await (the DataTransfer empties after the event).
    void fromDrop(event.dataTransfer).then((picked) => {
      if (picked.fromFolder && !folderWarning) {
        queue.setNotice(t('upload.noFolders'));
        return;
      }
      take(picked);
    });
  };

  const accept = extensions.join(',');
  return (
    <div className="upload-panel">
      <div
        className={`drop-zone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <p className="drop-text">{dropText}</p>
        <p className="help">
          {t('upload.limits', { extensions: extensions.join(', '), count: maxFiles })}
        </p>
        <div className="actions drop-actions">
          <button type="button" className="btn primary" onClick={() => fileInput.current?.click()}>
            {t('upload.browse')}
          </button>
          {folderWarning && (
            <button type="button" className="btn" onClick={() => folderInput.current?.click()}>
              {t('upload.selectFolder')}
            </button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={accept}
          className="visually-hidden"
          aria-label={t('upload.chooseFiles')}
          tabIndex={-1}
          onChange={(e) => {
            take(fromInput(e.currentTarget.files));
            e.currentTarget.value = '';
          }}
        />
        {folderWarning && (
          <input
            ref={(el) => {
              folderInput.current = el;
              if (el) el.webkitdirectory = true;
            }}
            type="file"
            multiple
            className="visually-hidden"
            aria-label={t('upload.chooseFolder')}
            tabIndex={-1}
            onChange={(e) => {
              take(fromInput(e.currentTarget.files));
              e.currentTarget.value = '';
            }}
          />
        )}
      </div>
      {folderWarning && folderUsed && (
        <p className="alert info upload-folder-warning" role="note">
          {t('upload.folderDepth')}
        </p>
      )}
      {queue.notice && (
        <p className="alert error" role="alert">
          {queue.notice}
        </p>
      )}
      <QueuedUploads kind={kind} activeIds={new Set(queue.rows.flatMap((r) => (r.outboxId ? [r.outboxId] : [])))} />
      <UploadTable rows={queue.rows.map((r) => (r.uuid_id ? { ...r, href: `${kind === 'scenario' ? '/scenario' : '/media'}/${r.uuid_id}` } : r))} caption={t('upload.uploads')}
        extra={uploadedExtra ? (r) => (r.status === 'uploaded' && r.uuid_id ? uploadedExtra({ ...r, uuid_id: r.uuid_id }) : null) : undefined}
      />
      {queue.rows.length > 0 && !queue.busy && (
        <div className="actions">
          <button type="button" className="btn link" onClick={queue.clearFinished}>
            {t('upload.clearList')}
          </button>
        </div>
      )}
    </div>
  );
}
