// The upload table of spec section 2: ID, (Upload checkbox on native), File, Message and Status
// ('Upload complete' with a link to what the file became, the error message, or a spinner), with a
// progress bar per file.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';

// In the language shown at the time of the call.
const tr = i18n.getFixedT(null, 'common', 'upload');

export interface UploadTableRow {
  key: string;
  name: string;
  path?: string;
  status: 'idle' | 'uploading' | 'uploaded' | 'error';
  /** 0..1; shown while uploading. */
  progress?: number;
  errorMessage?: string;
  /** Where the uploaded file can be seen (its new scenario or media item), once uploaded. */
  href?: string;
  /** What the file became, once uploaded. */
  uuid_id?: string;
}

/**
 * One sentence for screen readers about the whole table: how far the uploads have got (in steps
 * of 10%, so it is not read out at every byte), then what became of each file.
 */
export function uploadAnnouncement(rows: UploadTableRow[]): string {
  const active = rows.filter((r) => r.status === 'uploading');
  if (active.length) {
    const pct = Math.floor((active.reduce((sum, r) => sum + (r.progress ?? 0), 0) / active.length) * 10) * 10;
    return tr('announceActive', { count: active.length, pct });
  }
  const done = rows.filter((r) => r.status === 'uploaded').length;
  const failed = rows.filter((r) => r.status === 'error');
  if (!done && !failed.length) return '';
  const parts = [tr('announceDone', { count: done })];
  if (failed.length) parts.push(tr('announceFailed', { count: failed.length, list: failed.map((r) => `${r.name}: ${r.errorMessage}`).join('; ') }));
  return parts.join(', ');
}

export function statusMessage(row: UploadTableRow): string {
  if (row.status === 'error') return tr('notUploaded');
  if (row.status === 'uploaded') return tr('uploaded');
  if (row.status === 'uploading') return row.progress ? tr('uploadingPct', { pct: Math.floor(row.progress * 100) }) : tr('uploading');
  return tr('waitingToUpload');
}

function StatusCell({ row }: { row: UploadTableRow }) {
  const { t } = useTranslation('common');
  if (row.status === 'uploaded') {
    return (
      <span className="upload-done">
        {t('upload.complete')}
        {row.href && (
          <>
            {' '}
            <Link to={row.href} aria-label={t('upload.viewName', { name: row.name })}>{t('upload.view')}</Link>
          </>
        )}
      </span>
    );
  }
  if (row.status === 'error') return <span className="upload-error">{row.errorMessage}</span>;
  return (
    <span className="upload-spinner">
      <span className="spinner-dot small" aria-hidden="true" />
      <span className="visually-hidden">{row.status === 'uploading' ? t('upload.uploading') : t('upload.waiting')}</span>
    </span>
  );
}

export function UploadTable({
  rows,
  caption,
  checkbox,
  extra,
}: {
  rows: UploadTableRow[];
  caption?: string;
  /** More for a row under its file name (an uploaded image's alt text...). */
  extra?: (row: UploadTableRow) => ReactNode;
  /** The native import table's Upload column. */
  checkbox?: (row: UploadTableRow) => ReactNode;
}) {
  const announcement = uploadAnnouncement(rows);
  return (
    <>
      {/* Always in the page, so a screen reader hears what is put into it. */}
      <p className="visually-hidden" role="status" data-testid="upload-announcer">{announcement}</p>
      {rows.length > 0 && <UploadRows rows={rows} caption={caption} checkbox={checkbox} extra={extra} />}
    </>
  );
}

function UploadRows({ rows, caption, checkbox, extra }: { rows: UploadTableRow[]; caption?: string; checkbox?: (row: UploadTableRow) => ReactNode; extra?: (row: UploadTableRow) => ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="upload-table-wrap">
      <table className="upload-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('upload.colId')}</th>
            {checkbox && <th scope="col">{t('upload.colUpload')}</th>}
            <th scope="col">{t('upload.colFile')}</th>
            <th scope="col">{t('upload.colMessage')}</th>
            <th scope="col">{t('upload.colStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.key} className={`upload-row is-${row.status}`} data-testid="upload-row">
              <td data-label={t('upload.colId')}>{i + 1}</td>
              {checkbox && <td data-label={t('upload.colUpload')}>{checkbox(row)}</td>}
              <td data-label={t('upload.colFile')} className="upload-file">
                <div>
                  <span className="upload-name" title={row.path ?? row.name}>
                    {row.path ?? row.name}
                  </span>
                  {(row.status === 'uploading' || row.status === 'uploaded') && (
                    <progress className="upload-progress" max={1} value={row.status === 'uploaded' ? 1 : (row.progress ?? 0)} aria-label={t('upload.progress', { name: row.name })} />
                  )}
                  {extra?.(row)}
                </div>
              </td>
              <td data-label={t('upload.colMessage')}>{statusMessage(row)}</td>
              <td data-label={t('upload.colStatus')}>
                <StatusCell row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
