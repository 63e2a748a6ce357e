// The outbox state machine (DESIGN section 6), without React or window: the page's
// replay loop (outbox.ts) and the service worker's Background Sync handler both run it.
//
//   queued --attempt--> sending --2xx--> sent (pruned after a while)
//                          |--network error--> queued (attempts+1, backoff)
//                          |--409 "in progress", 5xx, 408, 429--> queued with backoff, for a bounded
//                          |      time; past it: failed (Retry -> queued, Discard -> deleted)
//                          |--401, or 403 "another user"--> queued, held until its author is signed in
//                          '--other 4xx--> failed (server message; Retry -> queued, Discard -> deleted)
//
// Every row belongs to the user who made it (author) and is sent only while that user is the
// device's signed-in user, with X-Outbox-User so the server refuses it under any other session.
// The Idempotency-Key is minted once at enqueue and sent on every attempt, so a replay after a lost
// response gets the server's stored first answer instead of creating a second record.
// Files attached to a row go up first through the resumable upload (tus-upload.ts, loaded when a
// row has files), from the chunks kept on the device; the request then names the finished uploads.
import { randomId } from '../lib/compat';
import { OUTBOX_OTHER_USER_MESSAGE, OUTBOX_USER_HEADER } from '../../shared/outbox';
import { UPLOAD_CHUNK_BYTES } from '../../shared/limits';
import { db, type DeviceSession, type DeviceSettings, type OfflineDb, type OutboxAttachment, type OutboxItem, type OutboxRequest } from './db';
import { dropFiles, keepFile, keptFileSource } from './outbox-files';
import { flushSignOut, readSession } from './session';
import { sessionKnown } from './session-known';

/** The signed-in user of a session row (none while a sign-out waits for the server). */
const userOf = (s: DeviceSession | DeviceSettings | undefined) => (s && s.key === 'session' && !s.signOutPending ? s.userId : null);

export interface OutboxConfig {
  db: OfflineDb;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  random: () => number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A 'sending' row older than this belongs to a tab that closed mid-request: it is queued again.
   * Where the browser has Web Locks, a row whose sender's lock is gone (the page was reloaded or
   * closed mid-request) is queued again at once instead.
   */
  staleSendingMs: number;
  /** Web Locks (navigator.locks) where present: a sender holds its row's lock while it sends. */
  locks: Pick<LockManager, 'request' | 'query'> | null;
  /** Sent rows are kept this long (the feed swaps a pending post for the real one), then pruned. */
  keepSentMs: number;
  /**
   * How long the server may keep answering 409 "still in progress" before the row is shown as
   * failed. Longer than the server's lease on a key left by a crashed process (30 s by default).
   */
  inProgressLimitMs: number;
  /** How long 5xx, 408 and 429 answers may go on before the row is shown as failed. */
  serverErrorLimitMs: number;
  /** Bytes per PATCH of an attached file. */
  uploadChunkBytes: number;
  /** Called when a request could not reach the server (the page re-checks reachability). */
  onNetworkFailure: () => void;
  /** The server said the session ended (401) or belongs to someone else (403): the page re-checks who is signed in. */
  onSessionProblem: (status: number) => void;
  /** Called after an item was sent (the page invalidates queries of that kind). */
  onSent: (item: OutboxItem) => void;
  /** Called after any change of the outbox. */
  onChange: () => void;
}

export const outboxConfig: OutboxConfig = {
  db,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  random: () => Math.random(),
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  staleSendingMs: 2 * 60_000,
  locks: (typeof navigator !== 'undefined' && navigator.locks) || null,
  keepSentMs: 10 * 60_000,
  inProgressLimitMs: 2 * 60_000,
  serverErrorLimitMs: 15 * 60_000,
  uploadChunkBytes: UPLOAD_CHUNK_BYTES,
  onNetworkFailure: () => undefined,
  onSessionProblem: () => undefined,
  onSent: () => undefined,
  onChange: () => undefined,
};

/** Shown on a row the server kept answering "still in progress" for too long. */
export const NOT_CONFIRMED_MESSAGE = 'The server did not confirm this item in time. Retry to check again, or Discard it.';
export const SIGN_IN_AGAIN_MESSAGE = 'Sign in again to send this';
export const NOT_SIGNED_IN_MESSAGE = 'Sign in to send this';
export const NO_ROOM_MESSAGE = 'Not enough storage on this device to keep the attached files until they are sent';

/** Exponential backoff with equal jitter: half the delay is fixed, half random. attempts >= 1. */
export function backoffDelay(attempts: number, random = outboxConfig.random): number {
  const exp = Math.min(outboxConfig.maxDelayMs, outboxConfig.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

export function newId(): string {
  return randomId();
}

/** A file to attach to a queued row: uploaded (tus) before the row's request is sent. */
export interface OutboxFile {
  uploadKind: 'scenario' | 'media';
  file: Blob;
  fileName: string;
}

/** The signed-in user of this device, or null (signed out, or a sign-out not yet told to the server). */
export async function sessionUser(): Promise<string | null> {
  const s = await readSession();
  return s.signOutPending ? null : s.userId;
}

/**
 * Store a write in the outbox (state 'queued', due now) for the signed-in user. Attached files are
 * copied to the device first; the row exists only once they are all kept.
 */
export async function enqueue(
  kind: string,
  label: string,
  request: OutboxRequest,
  extra: Partial<Pick<OutboxItem, 'meta' | 'upload'>> & { files?: OutboxFile[] } = {},
): Promise<OutboxItem> {
  let author = await sessionUser();
  // Nobody recorded yet: the page may not have heard the server's answer about who is signed in.
  if (!author && !(await readSession()).signOutPending) {
    await sessionKnown();
    author = await sessionUser();
  }
  if (!author) throw new Error(NOT_SIGNED_IN_MESSAGE);
  const { files = [], ...rest } = extra;
  const id = newId();
  const attachments: OutboxAttachment[] = [];
  try {
    for (const [n, f] of files.entries()) {
      const fileKey = `${id}:${n}`;
      attachments.push({ uploadKind: f.uploadKind, fileName: f.fileName, size: f.file.size, mimeType: f.file.type || 'application/octet-stream', fileKey, tusUrl: null, bytesUploaded: 0 });
      await keepFile(fileKey, f.file);
    }
  } catch (err) {
    await dropFiles(attachments.map((a) => a.fileKey)).catch(() => undefined);
    if ((err as Error).name === 'QuotaExceededError') throw new Error(NO_ROOM_MESSAGE);
    throw err;
  }
  const t = outboxConfig.now();
  const item: OutboxItem = {
    id,
    kind,
    label,
    author,
    state: 'queued',
    request,
    idempotencyKey: newId(),
    attempts: 0,
    nextAttemptAt: t,
    createdAt: t,
    updatedAt: t,
    ...rest,
    ...(attachments.length ? { attachments } : {}),
  };
  await outboxConfig.db.outbox.add(item);
  outboxConfig.onChange();
  return item;
}

export type SendOutcome =
  | { result: 'sent'; response: unknown; item: OutboxItem }
  | { result: 'retry'; status: number; message: string; network: boolean; item: OutboxItem }
  /** Waits until its author is signed in again (401, or the session is someone else's). */
  | { result: 'held'; status: number; message: string; item: OutboxItem }
  | { result: 'refused'; status: number; message: string; item: OutboxItem }
  /** Another tab or loop is sending it, it is gone, or it is not the signed-in user's. */
  | { result: 'skipped' };

/**
 * Atomically move queued -> sending, so two tabs or loops never send the same row at once; only
 * the signed-in user's rows, and none while a sign-out waits to reach the server.
 */
async function claim(id: string): Promise<OutboxItem | null> {
  const { db: d, now } = outboxConfig;
  return d.transaction('rw', d.outbox, d.device, async () => {
    const item = await d.outbox.get(id);
    if (!item || item.state !== 'queued') return null;
    // Read here, not through sessionUser(): inside a transaction only Dexie promises are awaited.
    const user = userOf(await d.device.get('session'));
    if (!user || item.author !== user) return null;
    const t = now();
    await d.outbox.update(id, { state: 'sending', sendingSince: t, updatedAt: t });
    return { ...item, state: 'sending' as const, sendingSince: t, updatedAt: t };
  });
}

function authorHeaders(item: OutboxItem): Record<string, string> {
  return item.author ? { [OUTBOX_USER_HEADER]: item.author } : {};
}

/** The references of the row's finished uploads, by CreatePost field. */
function uploadRefs(item: OutboxItem): { name: string; value: string }[] {
  return (item.attachments ?? [])
    .filter((a) => a.uploadId)
    .map((a) => ({ name: a.uploadKind === 'scenario' ? 'scenarioUploads' : 'mediaUploads', value: a.uploadId! }));
}

function buildInit(item: OutboxItem): RequestInit {
  const { request } = item;
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': item.idempotencyKey, ...authorHeaders(item) };
  const refs = uploadRefs(item);
  let body: BodyInit | undefined;
  if (request.form) {
    const form = new FormData();
    for (const f of request.form) {
      if ('file' in f) form.append(f.name, f.file, f.fileName);
      else form.append(f.name, f.value);
    }
    for (const r of refs) form.append(r.name, r.value);
    body = form;
  } else if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    let json = request.json;
    if (refs.length && json && typeof json === 'object') {
      const extra: Record<string, string[]> = {};
      for (const r of refs) (extra[r.name] ??= []).push(r.value);
      json = { ...(json as Record<string, unknown>), ...extra };
    }
    body = JSON.stringify(json);
  }
  return { method: request.method, headers, body, credentials: 'include' };
}

/** The idempotency layer's "still in progress" answer. */
const isInProgress = (status: number, message: string) => status === 409 && /Idempotency-Key/i.test(message);

/** 408, 429, 5xx and the idempotency layer's "still in progress" 409 are worth another try. */
export function isTransient(status: number, message: string): boolean {
  if (status === 408 || status === 429 || status >= 500) return true;
  return isInProgress(status, message);
}

/** 401, or 403 because the session is another user's: the row waits for its author. */
const isSessionProblem = (status: number, message: string) => status === 401 || (status === 403 && message === OUTBOX_OTHER_USER_MESSAGE);

async function readMessage(res: Response): Promise<{ data: unknown; message: string }> {
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const m = (data as { message?: unknown } | null)?.message;
  return { data, message: typeof m === 'string' && m ? m : 'Invalid response' };
}

/** Apply the answer of an attempt (status 0: no answer) to the row and report the outcome. */
async function settle(item: OutboxItem, status: number, message: string, data: unknown): Promise<SendOutcome> {
  const { db: d, now } = outboxConfig;
  const t = now();
  const attempts = item.attempts + 1;
  const base = { attempts, updatedAt: t, sendingSince: undefined };
  const save = async (patch: Partial<OutboxItem>) => {
    await d.outbox.update(item.id, patch);
    outboxConfig.onChange();
    return { ...item, ...patch };
  };
  if (status === 0) {
    const patch = { ...base, state: 'queued' as const, nextAttemptAt: t + backoffDelay(attempts), error: message, serverWaitSince: undefined };
    const saved = await save(patch);
    outboxConfig.onNetworkFailure();
    return { result: 'retry', status: 0, message, network: true, item: saved };
  }
  if (status >= 200 && status < 300) {
    const patch = { ...base, state: 'sent' as const, response: data, error: undefined, serverWaitSince: undefined };
    await dropFiles((item.attachments ?? []).map((a) => a.fileKey)).catch(() => undefined);
    const sent = await save(patch);
    outboxConfig.onSent(sent);
    return { result: 'sent', response: data, item: sent };
  }
  if (isSessionProblem(status, message)) {
    // Not the item's fault: it waits (not counted as an attempt) until its author is signed in.
    const held = await save({ state: 'queued', updatedAt: t, sendingSince: undefined, nextAttemptAt: t, error: status === 401 ? SIGN_IN_AGAIN_MESSAGE : message });
    outboxConfig.onSessionProblem(status);
    return { result: 'held', status, message, item: held };
  }
  if (isTransient(status, message)) {
    const since = item.serverWaitSince ?? t;
    const limit = isInProgress(status, message) ? outboxConfig.inProgressLimitMs : outboxConfig.serverErrorLimitMs;
    if (t - since >= limit) {
      const failed = await save({ ...base, state: 'failed', error: isInProgress(status, message) ? NOT_CONFIRMED_MESSAGE : message, serverWaitSince: undefined });
      return { result: 'refused', status, message: failed.error!, item: failed };
    }
    // The last try falls at the limit, not a long backoff after it.
    const patch = { ...base, state: 'queued' as const, nextAttemptAt: Math.min(t + backoffDelay(attempts), since + limit), error: message, serverWaitSince: since };
    return { result: 'retry', status, message, network: false, item: await save(patch) };
  }
  const failed = await save({ ...base, state: 'failed', error: message, serverWaitSince: undefined });
  return { result: 'refused', status, message, item: failed };
}

/**
 * Upload the row's attached files that the server does not have yet. Answers null when all are
 * done (or refused: the request goes without them), else the outcome that stops this attempt.
 */
async function sendAttachments(item: OutboxItem): Promise<{ item: OutboxItem; stop: SendOutcome | null }> {
  const { db: d, now } = outboxConfig;
  const attachments = [...(item.attachments ?? [])];
  const write = async (index: number, patch: Partial<OutboxAttachment>) => {
    attachments[index] = { ...attachments[index], ...patch };
    // Progress also proves this tab is alive (a 'sending' row of a closed tab is re-queued).
    await d.outbox.update(item.id, { attachments: [...attachments], sendingSince: now(), updatedAt: now() });
    outboxConfig.onChange();
  };
  let tus: typeof import('./tus-upload');
  try {
    tus = await import('./tus-upload');
  } catch {
    // The page's copy of the upload code could not be loaded (offline, not cached yet): try later.
    return { item, stop: await settle(item, 0, 'Waiting for the network', null) };
  }
  const { TusError, tusUpload } = tus;
  for (let i = 0; i < attachments.length; i++) {
    const a = attachments[i];
    if (a.uploadId || a.refused) continue;
    try {
      const done = await tusUpload({
        endpoint: '/uploads/tus',
        url: a.tusUrl,
        metadata: { filename: a.fileName, kind: a.uploadKind },
        source: keptFileSource(a.fileKey, a.size),
        chunkBytes: outboxConfig.uploadChunkBytes,
        headers: authorHeaders(item),
        fetch: outboxConfig.fetch,
        onUrl: (tusUrl) => write(i, { tusUrl, bytesUploaded: 0 }),
        onProgress: (bytesUploaded) => write(i, { bytesUploaded }),
      });
      await write(i, { tusUrl: done.url, uploadId: done.uploadId, bytesUploaded: a.size });
    } catch (err) {
      const current = { ...item, attachments: [...attachments] };
      if (!(err instanceof TusError)) {
        // The kept file cannot be read (storage cleared): the user must decide.
        return { item: current, stop: await settle(current, 422, (err as Error).message || 'Invalid response', null) };
      }
      if (err.status === 0 || isTransient(err.status, err.message) || isSessionProblem(err.status, err.message)) {
        return { item: current, stop: await settle(current, err.status, err.message, null) };
      }
      // The server refused this file (type, size, content): the post goes without it.
      await write(i, { refused: err.message, tusUrl: null });
    }
  }
  return { item: { ...item, attachments }, stop: null };
}

/** The Web Lock a sender holds while a row is 'sending'. */
const lockName = (id: string) => `outbox-send:${id}`;

/**
 * Send one queued item now (ignores nextAttemptAt). Where Web Locks exist the whole attempt holds
 * the row's lock, so a row left 'sending' by a page that went away mid-request is known at once.
 */
export async function attemptSend(id: string): Promise<SendOutcome> {
  const { locks } = outboxConfig;
  if (!locks) return attemptSendLocked(id);
  // Not available: another page or the service worker is sending this row right now.
  return locks.request(lockName(id), { ifAvailable: true }, (lock) => (lock ? attemptSendLocked(id) : { result: 'skipped' as const }));
}

async function attemptSendLocked(id: string): Promise<SendOutcome> {
  let item = await claim(id);
  if (!item) return { result: 'skipped' };
  if (item.attachments?.some((a) => !a.uploadId && !a.refused)) {
    const up = await sendAttachments(item);
    if (up.stop) return up.stop;
    item = up.item;
  }
  let res: Response;
  try {
    res = await outboxConfig.fetch(item.request.url, buildInit(item));
  } catch {
    return settle(item, 0, 'Waiting for the network', null);
  }
  const { data, message } = await readMessage(res);
  return settle(item, res.status, message, data);
}

/** Kinds the generic loop does not send: uploads are resumed by the upload panel (tus). */
const NOT_REPLAYED = new Set(['upload']);

/** Names of the Web Locks held now (by any page or worker of this origin), or null without Web Locks. */
async function heldLocks(): Promise<Set<string> | null> {
  const { locks } = outboxConfig;
  if (!locks) return null;
  try {
    const snapshot = await locks.query();
    return new Set((snapshot.held ?? []).map((l) => l.name ?? ''));
  } catch {
    return null;
  }
}

/**
 * Re-queue rows left 'sending' by a page that went away mid-request (its lock is gone, or without
 * Web Locks the row is older than staleSendingMs), and prune old sent rows. The row keeps its
 * Idempotency-Key, so if that request did reach the server, the replay gets its first answer.
 */
export async function tidyOutbox(): Promise<void> {
  const { db: d, now } = outboxConfig;
  const t = now();
  const sending = await d.outbox.where('state').equals('sending').toArray();
  const held = sending.length ? await heldLocks() : null;
  for (const item of sending) {
    const senderGone = held ? !held.has(lockName(item.id)) : t - (item.sendingSince ?? 0) > outboxConfig.staleSendingMs;
    if (!NOT_REPLAYED.has(item.kind) && senderGone) {
      // Only if no attempt settled or claimed it since it was read.
      await d.outbox
        .where('id')
        .equals(item.id)
        .filter((i) => i.state === 'sending' && i.sendingSince === item.sendingSince)
        .modify({ state: 'queued', nextAttemptAt: t, sendingSince: undefined });
    }
  }
  await d.outbox
    .where('state')
    .equals('sent')
    .filter((i) => t - i.updatedAt > outboxConfig.keepSentMs)
    .delete();
}

export interface ReplayResult {
  sent: number;
  retry: number;
  refused: number;
  /** True when a request could not reach the server (the pass stopped early). */
  offline: boolean;
}

/** The signed-in user's queued rows the loop sends, oldest first. */
async function replayable(user: string): Promise<OutboxItem[]> {
  const queued = await outboxConfig.db.outbox.where('state').equals('queued').sortBy('createdAt');
  return queued.filter((i) => i.author === user && !NOT_REPLAYED.has(i.kind));
}

/**
 * One pass over the signed-in user's queued items, oldest first: sends those that are due (or all
 * with force). A sign-out not yet told to the server goes first; until it has, nothing is sent.
 * Stops at the first network failure (the rest would fail the same way) or session problem.
 */
export async function replayDue(force = false): Promise<ReplayResult> {
  await tidyOutbox();
  const { now } = outboxConfig;
  const out: ReplayResult = { sent: 0, retry: 0, refused: 0, offline: false };
  if (!(await flushSignOut(outboxConfig.fetch))) return { ...out, offline: true };
  const user = await sessionUser();
  if (!user) return out;
  for (const item of await replayable(user)) {
    if (!force && item.nextAttemptAt > now()) continue;
    const r = await attemptSend(item.id);
    if (r.result === 'sent') out.sent++;
    else if (r.result === 'refused') out.refused++;
    else if (r.result === 'held') break;
    else if (r.result === 'retry') {
      out.retry++;
      if (r.network) {
        out.offline = true;
        break;
      }
    }
  }
  if (out.sent || out.refused || out.retry) outboxConfig.onChange();
  return out;
}

/** Earliest nextAttemptAt among the signed-in user's queued replayable items, or null. */
export async function nextDueAt(): Promise<number | null> {
  const user = await sessionUser();
  if (!user) return null;
  const times = (await replayable(user)).map((i) => i.nextAttemptAt);
  return times.length ? Math.min(...times) : null;
}

/** A failed item goes back to the queue, due now, with a fresh time bound. */
export async function requeue(id: string): Promise<void> {
  await outboxConfig.db.outbox.where('id').equals(id).modify((i) => {
    if (i.state === 'failed') {
      i.state = 'queued';
      i.nextAttemptAt = outboxConfig.now();
      i.updatedAt = outboxConfig.now();
      delete i.serverWaitSince;
    }
  });
  outboxConfig.onChange();
}

export async function discard(id: string): Promise<void> {
  const item = await outboxConfig.db.outbox.get(id);
  await outboxConfig.db.outbox.delete(id);
  await dropFiles((item?.attachments ?? []).map((a) => a.fileKey)).catch(() => undefined);
  outboxConfig.onChange();
}

/**
 * The signed-in user's items that still need their or the network's attention (not yet sent),
 * optionally of one kind. Another user's items are not shown.
 * Written as one chain of Dexie promises (no nested native async functions): inside a liveQuery,
 * awaiting a native promise loses Dexie's tracking and the list would never update.
 */
export function pendingItems(kind?: string): Promise<OutboxItem[]> {
  const d = outboxConfig.db;
  return d.device.get('session').then((row) => {
    const user = userOf(row);
    if (!user) return [];
    return d.outbox
      .orderBy('createdAt')
      .toArray()
      .then((all) => all.filter((i) => i.author === user && i.state !== 'sent' && (!kind || i.kind === kind)));
  });
}

/** Forget one user's items and their kept files (sign-out after the warning). */
export async function clearUserItems(user: string): Promise<void> {
  const items = await outboxConfig.db.outbox.where('author').equals(user).toArray();
  await outboxConfig.db.outbox.bulkDelete(items.map((i) => i.id));
  await dropFiles(items.flatMap((i) => (i.attachments ?? []).map((a) => a.fileKey)));
  outboxConfig.onChange();
}
