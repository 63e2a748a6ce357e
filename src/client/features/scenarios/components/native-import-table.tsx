// The native import table: Import from REALITi, Select all, Upload Selected; columns ID, Upload, File,
// Message and Status ('Upload complete', the error message, or a spinner).
import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { listDeviceScenarios, uploadDeviceScenario, type NativeUploadItem } from '../api/upload-native-scenarios';

interface Row extends NativeUploadItem {
  toggledForUpload: boolean;
  state: 'idle' | 'uploading' | 'uploaded' | 'errored';
  errorMessage?: string;
}

export function NativeImportTable({ onUploaded }: { onUploaded?: () => void }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const patch = (id: string, p: Partial<Row>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...p } : r)));

  const load = async () => {
    setProblem(null);
    try {
      const files = await listDeviceScenarios();
      setRows(files.map((f) => ({ ...f, toggledForUpload: false, state: 'idle' })));
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  const uploadSelected = async () => {
    setBusy(true);
    for (const row of rows.filter((r) => r.toggledForUpload && r.state !== 'uploaded')) {
      patch(row.id, { state: 'uploading', errorMessage: undefined });
      try {
        const result = await uploadDeviceScenario(row);
        const error = result.errors[0];
        patch(row.id, error ? { state: 'errored', errorMessage: error.message } : { state: 'uploaded' });
      } catch (err) {
        patch(row.id, { state: 'errored', errorMessage: (err as Error).message });
      }
    }
    setBusy(false);
    onUploaded?.();
  };
  const allSelected = rows.length > 0 && rows.every((r) => r.toggledForUpload);
  return (
    <section className="card native-import" aria-label="Import from device">
      <div className="actions">
        <button type="button" className="btn" onClick={load}>Import from REALITi</button>
        <button type="button" className="btn" disabled={!rows.length} onClick={() => setRows((rs) => rs.map((r) => ({ ...r, toggledForUpload: !allSelected })))}>
          Select all
        </button>
        <button type="button" className="btn primary" disabled={busy || !rows.some((r) => r.toggledForUpload)} onClick={uploadSelected}>
          Upload Selected
        </button>
      </div>
      {problem && <div className="alert error">{problem}</div>}
      {rows.length > 0 && (
        <table>
          <thead>
            <tr><th>ID</th><th>Upload</th><th>File</th><th>Message</th><th>Status</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
                <td>
                  <input type="checkbox" aria-label={`Upload ${r.humanName ?? r.name}`} checked={r.toggledForUpload} onChange={(e) => patch(r.id, { toggledForUpload: e.target.checked })} />
                </td>
                <td>{r.humanName ?? r.name}</td>
                <td>{r.state === 'errored' ? r.errorMessage : ''}</td>
                <td>
                  {r.state === 'uploaded' && 'Upload complete'}
                  {r.state === 'errored' && r.errorMessage}
                  {r.state === 'uploading' && <Spinner label="Uploading" />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
