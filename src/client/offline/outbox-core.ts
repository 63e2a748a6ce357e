// The outbox state machine (issue 6, DESIGN section 6), without React or window: the page's replay
// loop (outbox.ts) and the service worker's Background Sync handler both run it.
//
//   queued --attempt--> sending --2xx--> sent (pruned after a while)
//                          |--network error, 5xx, 408, 429, 409 "in progress"--> queued (attempts+1, backoff)
//                          '--other 4xx--> failed (server message; Retry -> queued, Discard -> deleted)
//
// The Idempotency-Key is minted once at enqueue and sent on every attempt, so a replay after a lost
// response gets the server's stored first answer instead of creating a second record.
import { db, type OfflineDb, type OutboxItem, type OutboxRequest } from './db';

export interface OutboxConfig {
  db: OfflineDb;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  random: () => number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A 'sending' row older than this belongs to a tab that closed mid-request: it is queued again. */
  staleSendingMs: number;
  /** Sent rows are kept this long (the feed swaps a pending post for the real one), then pruned. */
  keepSentMs: number;
  /** Called when a request could not reach the server (the page re-checks reachability). */
  onNetworkFailure: () => void;
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
  keepSentMs: 10 * 60_000,
  onNetworkFailure: () => undefined,
  onSent: () => undefined,
  onChange: () => undefined,
};

/** Exponential backoff with equal jitter: half the delay is fixed, half random. attempts >= 1. */
export function backoffDelay(attempts: number, random = outboxConfig.random): number {
  const exp = Math.min(outboxConfig.maxDelayMs, outboxConfig.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

export function newId(): string {
  return crypto.randomUUID();
}

/** Store a write in the outbox (state 'queued', due now). */
export async function enqueue(kind: string, label: string, request: OutboxRequest, extra: Partial<Pick<OutboxItem, 'meta' | 'upload'>> = {}): Promise<OutboxItem> {
  const t = outboxConfig.now();
  const item: OutboxItem = {
    id: newId(),
    kind,
    label,
    state: 'queued',
    request,
    idempotencyKey: newId(),
    attempts: 0,
    nextAttemptAt: t,
    createdAt: t,
    updatedAt: t,
    ...extra,
  };
  await outboxConfig.db.outbox.add(item);
  outboxConfig.onChange();
  return item;
}

export type SendOutcome =
  | { result: 'sent'; response: unknown; item: OutboxItem }
  | { result: 'retry'; status: number; message: string; network: boolean; item: OutboxItem }
  | { result: 'refused'; status: number; message: string; item: OutboxItem }
  /** Another tab or loop is sending it, or it is gone. */
  | { result: 'skipped' };

/** Atomically move queued -> sending, so two tabs or loops never send the same row at once. */
async function claim(id: string): Promise<OutboxItem | null> {
  const { db: d, now } = outboxConfig;
  return d.transaction('rw', d.outbox, async () => {
    const item = await d.outbox.get(id);
    if (!item || item.state !== 'queued') return null;
    const t = now();
    await d.outbox.update(id, { state: 'sending', sendingSince: t, updatedAt: t });
    return { ...item, state: 'sending' as const, sendingSince: t, updatedAt: t };
  });
}

function buildInit(item: OutboxItem): RequestInit {
  const { request } = item;
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': item.idempotencyKey };
  let body: BodyInit | undefined;
  if (request.form) {
    const form = new FormData();
    for (const f of request.form) {
      if ('file' in f) form.append(f.name, f.file, f.fileName);
      else form.append(f.name, f.value);
    }
    body = form;
  } else if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  return { method: request.method, headers, body, credentials: 'include' };
}

/** 408, 429, 5xx and the idempotency layer's "still in progress" 409 are worth another try. */
export function isTransient(status: number, message: string): boolean {
  if (status === 408 || status === 429 || status >= 500) return true;
  return status === 409 && /Idempotency-Key/i.test(message);
}

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

/** Send one queued item now (ignores nextAttemptAt). */
export async function attemptSend(id: string): Promise<SendOutcome> {
  const item = await claim(id);
  if (!item) return { result: 'skipped' };
  const { db: d, now } = outboxConfig;
  let res: Response;
  try {
    res = await outboxConfig.fetch(item.request.url, buildInit(item));
  } catch {
    const attempts = item.attempts + 1;
    const message = 'Waiting for the network';
    const patch = { state: 'queued' as const, attempts, nextAttemptAt: now() + backoffDelay(attempts), error: message, updatedAt: now(), sendingSince: undefined };
    await d.outbox.update(id, patch);
    outboxConfig.onChange();
    outboxConfig.onNetworkFailure();
    return { result: 'retry', status: 0, message, network: true, item: { ...item, ...patch } };
  }
  const { data, message } = await readMessage(res);
  if (res.ok) {
    const patch = { state: 'sent' as const, response: data, error: undefined, attempts: item.attempts + 1, updatedAt: now(), sendingSince: undefined };
    await d.outbox.update(id, patch);
    const sent = { ...item, ...patch };
    outboxConfig.onChange();
    outboxConfig.onSent(sent);
    return { result: 'sent', response: data, item: sent };
  }
  const attempts = item.attempts + 1;
  if (isTransient(res.status, message)) {
    const patch = { state: 'queued' as const, attempts, nextAttemptAt: now() + backoffDelay(attempts), error: message, updatedAt: now(), sendingSince: undefined };
    await d.outbox.update(id, patch);
    outboxConfig.onChange();
    return { result: 'retry', status: res.status, message, network: false, item: { ...item, ...patch } };
  }
  const patch = { state: 'failed' as const, attempts, error: message, updatedAt: now(), sendingSince: undefined };
  await d.outbox.update(id, patch);
  outboxConfig.onChange();
  return { result: 'refused', status: res.status, message, item: { ...item, ...patch } };
}

/** Kinds the generic loop does not send: uploads are resumed by the upload panel (tus). */
const NOT_REPLAYED = new Set(['upload']);

/** Re-queue rows left 'sending' by a tab that closed, and prune old sent rows. */
export async function tidyOutbox(): Promise<void> {
  const { db: d, now } = outboxConfig;
  const t = now();
  const sending = await d.outbox.where('state').equals('sending').toArray();
  for (const item of sending) {
    if (!NOT_REPLAYED.has(item.kind) && t - (item.sendingSince ?? 0) > outboxConfig.staleSendingMs) {
      await d.outbox.update(item.id, { state: 'queued', nextAttemptAt: t, sendingSince: undefined });
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

/**
 * One pass over the queued items, oldest first: sends those that are due (or all with force).
 * Stops at the first network failure: the rest would fail the same way.
 */
export async function replayDue(force = false): Promise<ReplayResult> {
  await tidyOutbox();
  const { db: d, now } = outboxConfig;
  const out: ReplayResult = { sent: 0, retry: 0, refused: 0, offline: false };
  const queued = await d.outbox.where('state').equals('queued').sortBy('createdAt');
  for (const item of queued) {
    if (NOT_REPLAYED.has(item.kind)) continue;
    if (!force && item.nextAttemptAt > now()) continue;
    const r = await attemptSend(item.id);
    if (r.result === 'sent') out.sent++;
    else if (r.result === 'refused') out.refused++;
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

/** Earliest nextAttemptAt among queued replayable items, or null. */
export async function nextDueAt(): Promise<number | null> {
  const queued = await outboxConfig.db.outbox.where('state').equals('queued').toArray();
  const times = queued.filter((i) => !NOT_REPLAYED.has(i.kind)).map((i) => i.nextAttemptAt);
  return times.length ? Math.min(...times) : null;
}

/** A failed item goes back to the queue, due now. */
export async function requeue(id: string): Promise<void> {
  await outboxConfig.db.outbox.where('id').equals(id).modify((i) => {
    if (i.state === 'failed') {
      i.state = 'queued';
      i.nextAttemptAt = outboxConfig.now();
      i.updatedAt = outboxConfig.now();
    }
  });
  outboxConfig.onChange();
}

export async function discard(id: string): Promise<void> {
  await outboxConfig.db.outbox.delete(id);
  outboxConfig.onChange();
}

/** Items that still need the user's or the network's attention (not yet sent). */
export async function pendingItems(kind?: string): Promise<OutboxItem[]> {
  const all = await outboxConfig.db.outbox.orderBy('createdAt').toArray();
  return all.filter((i) => i.state !== 'sent' && (!kind || i.kind === kind));
}
