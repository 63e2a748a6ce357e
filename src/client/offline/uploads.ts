// Outbox rows for resumable uploads(DESIGN section 6). The upload panel sends files with
// Uppy + tus; these rows make an upload visible (and count as unsent) until the server accepted
// it, keep its tus upload URL and offset so it resumes after a drop or a reload, and mark the page
// busy so an app update does not reload mid-upload. The generic replay loop leaves them alone: a
// browser cannot re-read a file the user has not selected again.
import { db, type OutboxItem } from './db';
import { markBusy } from './busy';
import { useLiveQuery } from './live';
import { outboxConfig, sessionUser } from './outbox-core';
import { randomId } from '../lib/compat';

export const fileFingerprint = (file: { name: string; size: number; lastModified?: number }) => `${file.name}:${file.size}:${file.lastModified ?? 0}`;

const busyRelease = new Map<string, () => void>();

/**
 * Start (or resume) tracking an upload. A row of the same kind and file that did not finish is
 * reused, so its tus URL and offset carry over. Returns the row id.
 */
export async function trackUpload(uploadKind: string, file: { name: string; size: number; lastModified?: number }): Promise<string> {
  const fingerprint = fileFingerprint(file);
  const t = outboxConfig.now();
  const author = (await sessionUser()) ?? undefined;
  const existing = (await db.outbox.where('kind').equals('upload').toArray()).find(
    (i) => i.upload?.uploadKind === uploadKind && i.upload.fingerprint === fingerprint && i.state !== 'sent' && i.author === author,
  );
  let id: string;
  if (existing) {
    id = existing.id;
    await db.outbox.update(id, { state: 'sending', sendingSince: t, updatedAt: t, error: undefined, attempts: existing.attempts + 1 });
  } else {
    id = randomId();
    const item: OutboxItem = {
      id,
      kind: 'upload',
      author,
      label: file.name,
      state: 'sending',
      request: { method: 'POST', url: '/uploads/tus' },
      idempotencyKey: randomId(),
      attempts: 1,
      nextAttemptAt: t,
      createdAt: t,
      updatedAt: t,
      sendingSince: t,
      upload: { uploadKind, fileName: file.name, size: file.size, fingerprint, tusUrl: null, bytesUploaded: 0 },
    };
    await db.outbox.add(item);
  }
  if (!busyRelease.has(id)) busyRelease.set(id, markBusy(`upload:${id}`));
  outboxConfig.onChange();
  return id;
}

function release(id: string) {
  busyRelease.get(id)?.();
  busyRelease.delete(id);
}

/** Progress: bytes the server has, and the tus URL once known (kept to resume). */
export async function uploadProgress(id: string, bytesUploaded: number, tusUrl?: string | null): Promise<void> {
  await db.outbox.where('id').equals(id).modify((i) => {
    if (!i.upload) return;
    i.upload.bytesUploaded = bytesUploaded;
    if (tusUrl) i.upload.tusUrl = tusUrl;
    i.updatedAt = outboxConfig.now();
  });
}

/** The server accepted the file. */
export async function uploadFinished(id: string, uuidId?: string): Promise<void> {
  await db.outbox.where('id').equals(id).modify((i) => {
    i.state = 'sent';
    i.error = undefined;
    i.sendingSince = undefined;
    i.updatedAt = outboxConfig.now();
    if (i.upload) {
      i.upload.bytesUploaded = i.upload.size;
      if (uuidId) i.upload.uuidId = uuidId;
    }
  });
  release(id);
  outboxConfig.onChange();
}

/**
 * The upload stopped. `retryable` (a dropped connection) keeps it queued, waiting for the user to
 * select the file again; a refusal by the server (type, size, content) marks it failed.
 */
export async function uploadStopped(id: string, message: string, retryable: boolean): Promise<void> {
  await db.outbox.where('id').equals(id).modify((i) => {
    i.state = retryable ? 'queued' : 'failed';
    i.error = message;
    i.sendingSince = undefined;
    i.updatedAt = outboxConfig.now();
  });
  release(id);
  outboxConfig.onChange();
}

/** The signed-in user's upload rows not yet finished (for the upload tables), optionally of one kind. */
export function useQueuedUploads(uploadKind?: string): OutboxItem[] {
  return useLiveQuery(
    // Dexie promises only (see pendingItems in outbox-core.ts): a liveQuery must not await native ones.
    () =>
      db.device.get('session').then((row) => {
        const user = row?.key === 'session' && !row.signOutPending ? row.userId : null;
        return db.outbox
          .where('kind')
          .equals('upload')
          .sortBy('createdAt')
          .then((rows) => rows.filter((i) => user && i.author === user && i.state !== 'sent' && (!uploadKind || i.upload?.uploadKind === uploadKind)));
      }),
    [uploadKind],
    NONE,
  );
}
const NONE: OutboxItem[] = [];
