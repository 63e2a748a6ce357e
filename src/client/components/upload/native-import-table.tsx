// Import from the device inside the native wrapper (spec section 2: 'Import from REALITi', 'Select
// all', 'Upload Selected'; DESIGN section 7). The bridge lists files ('getscenariospath') and hands
// each one over ('getscenariofile' with { path }: base64 or a blob URL); each file is then posted
// to the feature's multipart upload call, which answers { errors, successes }.
import { useState } from 'react';
import { call } from '../../lib/api';
import type { Endpoint } from '../../../shared/endpoint';
import { requestNative } from '../../lib/native-bridge';
import { useTranslation } from 'react-i18next';
import { fileExtension } from '../../../shared/uploads';
import { extensionMessage, uploadText } from './messages';
import type { uploadAnswerSchema } from '../../../shared/schemas/common';
import { UploadTable, type UploadTableRow } from './upload-table';
import { randomId } from '../../lib/compat';

interface NativeRow extends UploadTableRow {
  devicePath: string;
  selected: boolean;
  uuid_id?: string;
}

type ListAnswer = string[] | { files?: (string | { name?: string; path: string })[]; paths?: string[] } | null;
type FileAnswer = string | { base64?: string; data?: string; url?: string; name?: string; fileName?: string; mimeType?: string } | null;

const nameOf = (p: string) => p.split(/[\\/]/).pop() || p;

/** The bridge's list answer in any of the shapes the wrappers send. */
export function nativeFileList(answer: ListAnswer): { name: string; path: string }[] {
  const items = Array.isArray(answer) ? answer : (answer?.files ?? answer?.paths ?? []);
  return items.map((item) => (typeof item === 'string' ? { name: nameOf(item), path: item } : { name: item.name ?? nameOf(item.path), path: item.path }));
}

async function fileBlob(answer: FileAnswer): Promise<{ blob: Blob; name?: string }> {
  if (!answer) throw new Error(uploadText('deviceNoFile'));
  if (typeof answer === 'string') {
    if (answer.startsWith('blob:') || answer.startsWith('http')) return { blob: await (await fetch(answer)).blob() };
    return { blob: base64Blob(answer) };
  }
  const name = answer.name ?? answer.fileName;
  if (answer.url) return { blob: await (await fetch(answer.url)).blob(), name };
  const data = answer.base64 ?? answer.data;
  if (!data) throw new Error(uploadText('deviceNoFile'));
  return { blob: base64Blob(data, answer.mimeType), name };
}

function base64Blob(base64: string, type = 'application/octet-stream'): Blob {
  const clean = base64.replace(/^data:[^,]*,/, '');
  const bin = atob(clean);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

export interface NativeImportTableProps {
  /** The multipart upload endpoint, e.g. scenarios' uploadScenario. */
  upload: Endpoint<undefined, undefined, undefined, typeof uploadAnswerSchema>;
  /** Its file field, e.g. 'scenFiles'. */
  field: string;
  extensions: readonly string[];
  /** The bridge's list handler (default 'getscenariospath') and file handler (default 'getscenariofile'). */
  listHandler?: string;
  fileHandler?: string;
  onUploaded?: (row: { name: string; uuid_id?: string }) => void;
}

export function NativeImportTable({ upload, field, extensions, listHandler = 'getscenariospath', fileHandler = 'getscenariofile', onUploaded }: NativeImportTableProps) {
  const { t } = useTranslation('common');
  const [rows, setRows] = useState<NativeRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const patch = (key: string, change: Partial<NativeRow>) => setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const importList = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const files = nativeFileList(await requestNative<ListAnswer>(listHandler));
      if (!files.length) setNotice(t('upload.noDeviceFiles'));
      setRows(
        files.map((f, i) => {
          const ok = extensions.includes(fileExtension(f.name));
          return {
            key: `n${i}`,
            name: f.name,
            devicePath: f.path,
            selected: false,
            status: ok ? 'idle' : 'error',
            errorMessage: ok ? '' : extensionMessage(extensions),
          };
        }),
      );
    } catch (err) {
      setNotice((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const selectable = rows.filter((r) => r.status === 'idle');
  const chosen = selectable.filter((r) => r.selected);

  const uploadSelected = async () => {
    setBusy(true);
    for (const row of chosen) {
      patch(row.key, { status: 'uploading', selected: false });
      try {
        const { blob, name } = await fileBlob(await requestNative<FileAnswer>(fileHandler, { path: row.devicePath }, 120_000));
        const form = new FormData();
        form.append(field, blob, name ?? row.name);
        const res = await call(upload, { body: form }, { headers: { 'Idempotency-Key': randomId() } });
        const success = res.successes?.[0];
        if (success) {
          patch(row.key, { status: 'uploaded', uuid_id: success.uuid_id });
          onUploaded?.({ name: row.name, uuid_id: success.uuid_id });
        } else {
          patch(row.key, { status: 'error', errorMessage: res.errors?.[0]?.message ?? uploadText('failed') });
        }
      } catch (err) {
        patch(row.key, { status: 'error', errorMessage: (err as Error).message });
      }
    }
    setBusy(false);
  };

  return (
    <section className="card native-import" aria-label={t('upload.importFromDevice')}>
      <div className="actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void importList()}>
          {t('upload.importFromRealiti')}
        </button>
        <button type="button" className="btn" disabled={busy || !selectable.length} onClick={() => setRows((prev) => prev.map((r) => (r.status === 'idle' ? { ...r, selected: true } : r)))}>
          {t('upload.selectAll')}
        </button>
        <button type="button" className="btn primary" disabled={busy || !chosen.length} onClick={() => void uploadSelected()}>
          {t('upload.uploadSelected')}
        </button>
      </div>
      {notice && (
        <p className="alert info" role="status">
          {notice}
        </p>
      )}
      <UploadTable
        rows={rows}
        caption={t('upload.deviceFiles')}
        checkbox={(r) => {
          const row = r as NativeRow;
          return (
            <input
              type="checkbox"
              aria-label={t('upload.uploadFile', { name: row.name })}
              checked={row.selected}
              disabled={busy || row.status !== 'idle'}
              onChange={(e) => patch(row.key, { selected: e.currentTarget.checked })}
            />
          );
        }}
      />
    </section>
  );
}
