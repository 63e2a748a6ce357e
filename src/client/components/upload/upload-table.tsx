// The upload table of spec section 2: ID, (Upload checkbox on native), File, Message and Status
// ('Upload complete' with a link to what the file became, the error message, or a spinner), with a
// progress bar per file.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

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
    return `Uploading ${active.length} ${active.length === 1 ? 'file' : 'files'}: ${pct}%`;
  }
  const done = rows.filter((r) => r.status === 'uploaded').length;
  const failed = rows.filter((r) => r.status === 'error');
  if (!done && !failed.length) return '';
  const parts = [`${done} ${done === 1 ? 'file' : 'files'} uploaded`];
  if (failed.length) parts.push(`${failed.length} not uploaded: ${failed.map((r) => `${r.name}: ${r.errorMessage}`).join('; ')}`);
  return parts.join(', ');
}

export function statusMessage(row: UploadTableRow): string {
  if (row.status === 'error') return 'Not uploaded';
  if (row.status === 'uploaded') return 'Uploaded';
  if (row.status === 'uploading') return row.progress ? `Uploading ${Math.floor(row.progress * 100)}%` : 'Uploading';
  return 'Waiting to upload';
}

function StatusCell({ row }: { row: UploadTableRow }) {
  if (row.status === 'uploaded') {
    return (
      <span className="upload-done">
        Upload complete
        {row.href && (
          <>
            {' '}
            <Link to={row.href} aria-label={`View ${row.name}`}>View</Link>
          </>
        )}
      </span>
    );
  }
  if (row.status === 'error') return <span className="upload-error">{row.errorMessage}</span>;
  return (
    <span className="upload-spinner">
      <span className="spinner-dot small" aria-hidden="true" />
      <span className="visually-hidden">{row.status === 'uploading' ? 'Uploading' : 'Waiting'}</span>
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
  return (
    <div className="upload-table-wrap">
      <table className="upload-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">ID</th>
            {checkbox && <th scope="col">Upload</th>}
            <th scope="col">File</th>
            <th scope="col">Message</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.key} className={`upload-row is-${row.status}`} data-testid="upload-row">
              <td data-label="ID">{i + 1}</td>
              {checkbox && <td data-label="Upload">{checkbox(row)}</td>}
              <td data-label="File" className="upload-file">
                <div>
                  <span className="upload-name" title={row.path ?? row.name}>
                    {row.path ?? row.name}
                  </span>
                  {(row.status === 'uploading' || row.status === 'uploaded') && (
                    <progress className="upload-progress" max={1} value={row.status === 'uploaded' ? 1 : (row.progress ?? 0)} aria-label={`${row.name} progress`} />
                  )}
                  {extra?.(row)}
                </div>
              </td>
              <td data-label="Message">{statusMessage(row)}</td>
              <td data-label="Status">
                <StatusCell row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
