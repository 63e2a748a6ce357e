// Resumable uploads with Uppy and tus (DESIGN sections 2 and 6). Loaded on demand by the upload
// panel (dynamic import), so Uppy never weighs on the first page load.
// - 16 MB chunks; a long retry schedule rides out flaky training-site networks.
// - tus-js-client remembers each file's upload URL (by fingerprint) in localStorage: after a
//   reload the user selects the same file again and it resumes from the server's offset.
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import { UPLOAD_CHUNK_BYTES } from '../../../shared/limits';
import { uploadText } from './messages';

export const TUS_ENDPOINT = '/uploads/tus';
export const CHUNK_SIZE = UPLOAD_CHUNK_BYTES;
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000];

export interface UploaderEvents {
  /** `uploadUrl` is the tus upload's URL once the server created it (kept to resume). */
  progress(localId: string, bytesUploaded: number, bytesTotal: number, uploadUrl: string | null): void;
  success(localId: string, result: { uuid_id?: string; filename?: string }): void;
  /** `retryable`: the connection was lost (select the file again to resume); else the server refused it. */
  failure(localId: string, message: string, retryable: boolean): void;
}

export interface TusUploader {
  /** Queue a file; returns false when the same file is already waiting or uploading. */
  add(localId: string, file: File): boolean;
  /** Send everything queued. */
  start(): void;
  destroy(): void;
}

interface UploadMeta extends Meta {
  kind: string;
  filename: string;
  localId: string;
}

type XhrBody = Body & { xhr?: XMLHttpRequest };

function responseJson(xhr: XMLHttpRequest | undefined): Record<string, unknown> | null {
  try {
    const text = xhr?.responseText;
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const connectionLost = (error: { message?: string }, xhr: XMLHttpRequest | undefined) =>
  (xhr?.status ?? 0) === 0 || /network|offline|failed to fetch/i.test(error.message ?? '');

/** The server's { message }, else a readable fallback (tus-js-client's own messages are technical). */
function failureMessage(error: { message?: string }, xhr: XMLHttpRequest | undefined): string {
  const message = responseJson(xhr)?.message;
  if (typeof message === 'string' && message) return message;
  if (xhr?.status === 401) return uploadText('notSignedIn');
  if (connectionLost(error, xhr)) return uploadText('connectionLost');
  return uploadText('failedResume');
}

export function createTusUploader(kind: string, events: UploaderEvents): TusUploader {
  const uppy = new Uppy<UploadMeta, XhrBody>({ autoProceed: false, allowMultipleUploadBatches: true });
  uppy.use(Tus<UploadMeta, XhrBody>, {
    endpoint: TUS_ENDPOINT,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    withCredentials: true,
    allowedMetaFields: ['kind', 'filename'],
    // A finished upload is a new file next time (a second copy), not a resume of the old one.
    removeFingerprintOnSuccess: true,
    limit: 3,
  });

  const localIdOf = (file: UppyFile<UploadMeta, XhrBody> | undefined) => file?.meta.localId;

  uppy.on('upload-progress', (file, progress) => {
    const id = localIdOf(file);
    if (id) events.progress(id, progress.bytesUploaded, progress.bytesTotal ?? file?.size ?? 0, (file as { tus?: { uploadUrl?: string | null } }).tus?.uploadUrl ?? null);
  });
  uppy.on('upload-success', (file, response) => {
    const id = localIdOf(file);
    if (!id) return;
    const body = responseJson(response.body?.xhr);
    events.success(id, { uuid_id: typeof body?.uuid_id === 'string' ? body.uuid_id : undefined, filename: typeof body?.filename === 'string' ? body.filename : undefined });
  });
  uppy.on('upload-error', (file, error, response) => {
    const id = localIdOf(file);
    const xhr = response?.body?.xhr;
    if (id) events.failure(id, failureMessage(error, xhr), connectionLost(error, xhr) && !responseJson(xhr)?.message);
  });
  // Finished files leave Uppy, so the same file can be chosen again later.
  uppy.on('complete', (result) => {
    const done = [...(result.successful ?? []), ...(result.failed ?? [])].map((f) => f.id);
    if (done.length) uppy.removeFiles(done.filter((id) => uppy.getFile(id)));
  });

  return {
    add(localId, file) {
      try {
        uppy.addFile({
          name: file.name,
          type: file.type,
          data: file,
          source: 'Local',
          meta: { kind, filename: file.name, localId },
        });
        return true;
      } catch {
        return false;
      }
    },
    start() {
      void uppy.upload().catch(() => undefined);
    },
    destroy() {
      uppy.cancelAll();
      uppy.destroy();
    },
  };
}
