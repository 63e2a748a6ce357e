// The upload panel's state (spec section 4 "Upload"): files are checked and queued, then sent
// together 1.5 s after the last one was added. Each row is idle, uploading, then uploaded or errored.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_BATCH_DELAY_MS, UPLOAD_CHUNK_BYTES } from '../../../shared/limits';
import { fileExtension } from '../../../shared/uploads';
import { extensionMessage, sizeLimitMessage, tooManyFilesMessage, uploadText } from './messages';
import type { PickedFile } from './folder-scan';
import type { TusUploader } from './tus-uploader';
import { trackUpload, uploadFinished, uploadProgress, uploadStopped } from '../../offline/uploads';

export type UploadStatus = 'idle' | 'uploading' | 'uploaded' | 'error';

export interface UploadRow {
  key: string;
  /** Base file name. */
  name: string;
  /** Path inside a chosen folder, else the name. */
  path: string;
  extension: string;
  size: number;
  status: UploadStatus;
  /** 0..1 */
  progress: number;
  /** The error message when status is 'error'. */
  errorMessage: string;
  /** Set once the server accepted the file. */
  uuid_id?: string;
  /** The outbox row that keeps this upload until the server accepted it. */
  outboxId?: string;
}


/** Write progress to the outbox at most this often per upload. */
const PROGRESS_WRITE_MS = 1_000;

export interface UploadQueueOptions {
  kind: string;
  extensions: readonly string[];
  maxFiles: number;
  maxBytes?: number;
  onUploaded?: (row: UploadRow) => void;
}

let rowCounter = 0;

export function useUploadQueue({ kind, extensions, maxFiles, maxBytes = MAX_UPLOAD_BYTES, onUploaded }: UploadQueueOptions) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const files = useRef(new Map<string, File>());
  const queued = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const uploader = useRef<Promise<TusUploader> | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const outboxIds = useRef(new Map<string, string>());
  const lastWrite = useRef(new Map<string, number>());

  const patch = useCallback((key: string, change: Partial<UploadRow>) => {
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...change } : r)));
  }, []);

  const getUploader = useCallback(() => {
    uploader.current ??= import('./tus-uploader').then(({ createTusUploader }) =>
      createTusUploader(kind, {
        progress: (key, sent, total, uploadUrl) => {
          patch(key, { status: 'uploading', progress: total ? sent / total : 0 });
          const id = outboxIds.current.get(key);
          // Throttled, but a finished chunk (what the server will keep) is always written.
          const chunkDone = sent > 0 && (sent % UPLOAD_CHUNK_BYTES === 0 || sent === total);
          if (id && (chunkDone || Date.now() - (lastWrite.current.get(key) ?? 0) >= PROGRESS_WRITE_MS)) {
            lastWrite.current.set(key, Date.now());
            void uploadProgress(id, sent, uploadUrl).catch(() => undefined);
          }
        },
        success: (key, result) => {
          files.current.delete(key);
          const id = outboxIds.current.get(key);
          outboxIds.current.delete(key);
          if (id) void uploadFinished(id, result.uuid_id).catch(() => undefined);
          const row = rowsRef.current.find((r) => r.key === key);
          const done: Partial<UploadRow> = { status: 'uploaded', progress: 1, uuid_id: result.uuid_id, errorMessage: '' };
          patch(key, done);
          if (row) onUploadedRef.current?.({ ...row, ...done });
        },
        failure: (key, message, retryable) => {
          files.current.delete(key);
          const id = outboxIds.current.get(key);
          outboxIds.current.delete(key);
          if (id) void uploadStopped(id, message, retryable).catch(() => undefined);
          patch(key, { status: 'error', errorMessage: message });
        },
      }),
    );
    return uploader.current;
  }, [kind, patch]);

  const flush = useCallback(async () => {
    timer.current = null;
    const keys = queued.current.splice(0);
    if (!keys.length) return;
    let up: TusUploader;
    try {
      up = await getUploader();
    } catch {
      uploader.current = null;
      keys.forEach((key) => patch(key, { status: 'error', errorMessage: uploadText('loaderFailed') }));
      return;
    }
    for (const key of keys) {
      const file = files.current.get(key);
      if (!file) continue;
      // The outbox keeps the upload (and a row to resume it from) until the server accepted it.
      const outboxId = await trackUpload(kind, file).catch(() => undefined);
      if (outboxId) outboxIds.current.set(key, outboxId);
      if (up.add(key, file)) patch(key, { status: 'uploading', outboxId });
      else patch(key, { status: 'error', errorMessage: uploadText('alreadyUploading') });
    }
    up.start();
  }, [getUploader, patch, kind]);

  const addFiles = useCallback(
    (picked: PickedFile[]) => {
      setNotice(null);
      const waiting = rowsRef.current.filter((r) => r.status === 'idle' || r.status === 'uploading').length;
      const wanted = picked.filter((p) => extensions.includes(fileExtension(p.file.name)) && p.file.size <= maxBytes);
      if (waiting + wanted.length > maxFiles) {
        setNotice(tooManyFilesMessage(maxFiles));
        return;
      }
      const added: UploadRow[] = picked.map(({ file, path }) => {
        const key = `u${++rowCounter}`;
        const extension = fileExtension(file.name);
        let errorMessage = '';
        // Files of other types are listed with the reason rather than silently dropped.
        if (!extensions.includes(extension)) errorMessage = extensionMessage(extensions);
        else if (file.size > maxBytes) errorMessage = sizeLimitMessage(maxBytes);
        if (!errorMessage) {
          files.current.set(key, file);
          queued.current.push(key);
        }
        return { key, name: file.name, path, extension, size: file.size, status: errorMessage ? 'error' : 'idle', progress: 0, errorMessage };
      });
      if (!added.length) return;
      setRows((prev) => [...prev, ...added]);
      if (queued.current.length) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(), UPLOAD_BATCH_DELAY_MS);
      }
    },
    [extensions, maxBytes, maxFiles, flush],
  );

  const clearFinished = useCallback(() => {
    setRows((prev) => prev.filter((r) => r.status === 'idle' || r.status === 'uploading'));
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      // Leaving the page stops the uploads; their outbox rows wait for the file to be chosen again.
      for (const id of outboxIds.current.values()) void uploadStopped(id, uploadText('stopped'), true).catch(() => undefined);
      outboxIds.current.clear();
      void uploader.current?.then((up) => up.destroy()).catch(() => undefined);
      uploader.current = null;
    },
    [],
  );

  const busy = rows.some((r) => r.status === 'idle' || r.status === 'uploading');
  return { rows, notice, setNotice, addFiles, clearFinished, busy };
}
