// The outbox (DESIGN section 6): every write that must survive a flaky network
// goes through sendOrQueue. The Dexie row is the source of truth until the server confirmed it.
// One replay loop sends the signed-in user's queued rows: on start, `online`, `visibilitychange`,
// `pageshow`, a timer while visible, 'Sync now', the native wrapper's 'sync' event, and Background
// Sync where present.
import { ApiError } from '../lib/api';
import { onNativeEvent } from '../lib/native-bridge';
import type { OutboxItem, OutboxRequest } from './db';
import { useLiveQuery } from './live';
import {
  attemptSend,
  clearUserItems,
  discard,
  enqueue,
  nextDueAt,
  outboxConfig,
  pendingItems,
  replayDue,
  requeue,
  sessionUser,
  type OutboxFile,
  type ReplayResult,
  type SendOutcome,
} from './outbox-core';
import { checkReachability, isReachable, reportNetworkFailure } from './online';
import { onlineManager } from '@tanstack/react-query';

export type { OutboxFormField, OutboxRequest, OutboxItem, OutboxState, OutboxAttachment } from './db';
export type { OutboxFile } from './outbox-core';

export type SendOrQueueResult =
  | { status: 'sent'; response: unknown; item: OutboxItem }
  /**
   * `reason`: 'offline' (no network now), 'slow' (sent, but no answer within waitMs: it goes on in
   * the background) or 'retry' (the server could not take it now: 5xx, 429, or still busy with it).
   */
  | { status: 'queued'; id: string; reason: QueuedReason };
export type QueuedReason = 'offline' | 'slow' | 'retry';

export interface SendOrQueueOptions {
  /** Kept on the row (e.g. the post's title and text, to show it as pending). */
  meta?: Record<string, unknown>;
  /** Files uploaded (tus) before the request; they are kept on the device until then. */
  files?: OutboxFile[];
  /**
   * Answer 'queued' (reason 'slow') when the server has not answered within this time: the attempt
   * goes on, and the form that waits can close (a slow link must not hold the Post button).
   */
  waitMs?: number;
}

/**
 * Mint an Idempotency-Key, store the write in Dexie for the signed-in user, try to send it now.
 * Network failure, 5xx, 408 or 429 -> it stays queued and the replay loop sends it later; another
 * 4xx -> rejects with ApiError (message from the server) and the row is removed (the form shows the
 * error).
 */
export async function sendOrQueue(kind: string, label: string, request: OutboxRequest, opts: SendOrQueueOptions = {}): Promise<SendOrQueueResult> {
  let item: OutboxItem;
  try {
    item = await enqueue(kind, label, request, { ...(opts.meta ? { meta: opts.meta } : {}), ...(opts.files?.length ? { files: opts.files } : {}) });
  } catch (err) {
    throw new ApiError(0, (err as Error).message);
  }
  if (!isReachable()) {
    scheduleBackgroundSync();
    return { status: 'queued', id: item.id, reason: 'offline' };
  }
  const attempt = attemptSend(item.id);
  const outcome = opts.waitMs === undefined ? await attempt : await Promise.race([attempt, after(opts.waitMs)]);
  if (!outcome) {
    // Still on its way: the loop takes over whatever the answer is.
    void attempt.catch(() => undefined).finally(() => scheduleNext());
    return { status: 'queued', id: item.id, reason: 'slow' };
  }
  if (outcome.result === 'sent') return { status: 'sent', response: outcome.response, item: outcome.item };
  if (outcome.result === 'refused') {
    await discard(item.id);
    throw new ApiError(outcome.status, outcome.message);
  }
  scheduleBackgroundSync();
  scheduleNext();
  return { status: 'queued', id: item.id, reason: outcome.result === 'retry' && !outcome.network ? 'retry' : 'offline' };
}

const after = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/** Live list of the signed-in user's queued, sending and failed items, optionally of one kind. */
export function useOutboxItems(kind?: string): OutboxItem[] {
  return useLiveQuery(() => pendingItems(kind), [kind], EMPTY);
}
const EMPTY: OutboxItem[] = [];

export type { SendOutcome };

// ---- listeners --------------------------------------------------------------------------------

type SentListener = (item: OutboxItem) => void;
const sentListeners = new Set<SentListener>();

/** Called after the loop sent an item (features invalidate their queries, e.g. the feed). */
export function onOutboxSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

outboxConfig.onSent = (item) => sentListeners.forEach((l) => l(item));
outboxConfig.onNetworkFailure = reportNetworkFailure;

type SessionListener = (status: number) => void;
const sessionListeners = new Set<SessionListener>();
/** The server refused a row because the session ended or is someone else's (the app re-checks who is signed in). */
export function onOutboxSessionProblem(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}
outboxConfig.onSessionProblem = (status) => sessionListeners.forEach((l) => l(status));

// ---- the replay loop ----------------------------------------------------------------------------

/** While the page is visible, look for due items this often (besides the exact next-due timer). */
const VISIBLE_TICK_MS = 15_000;

let running: Promise<ReplayResult> | null = null;
let rerun = false;
let nextTimer: ReturnType<typeof setTimeout> | null = null;
let started = false;

/** One replay pass at a time; a request during a pass runs one more pass afterwards. */
export function replayOutbox(force = false): Promise<ReplayResult> {
  // Known to be offline: don't burn attempts (the reachability poll brings us back).
  if (!force && !isReachable()) return Promise.resolve({ sent: 0, retry: 0, refused: 0, offline: true });
  if (running) {
    rerun = true;
    return running;
  }
  running = (async () => {
    try {
      let result = await replayDue(force);
      while (rerun && !result.offline) {
        rerun = false;
        result = await replayDue(force);
      }
      return result;
    } finally {
      running = null;
      rerun = false;
      scheduleNext();
    }
  })();
  return running;
}

/** 'Sync now': re-check the network and send everything queued, ignoring backoff. */
export async function syncNow(): Promise<ReplayResult> {
  const ok = await checkReachability();
  if (!ok) return { sent: 0, retry: 0, refused: 0, offline: true };
  return replayOutbox(true);
}

/** Arm a timer for the earliest due item (only while visible: hidden pages wake on visibilitychange). */
function scheduleNext() {
  if (!started || typeof document === 'undefined') return;
  if (nextTimer) clearTimeout(nextTimer);
  nextTimer = null;
  void nextDueAt().then((at) => {
    if (at === null || document.visibilityState !== 'visible') return;
    const wait = Math.max(250, Math.min(at - Date.now(), VISIBLE_TICK_MS));
    if (nextTimer) clearTimeout(nextTimer);
    nextTimer = setTimeout(() => void replayOutbox(), wait);
  });
}

/** Ask the service worker to replay when the network returns, where the browser has Background Sync. */
function scheduleBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.getRegistration().then((reg) => {
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    return sync?.register('outbox-replay');
  }).catch(() => undefined);
}

/** Start the single replay loop (the app calls this once). Returns a stop function. */
export function startReplayLoop(): () => void {
  if (started) return () => undefined;
  started = true;
  const kick = () => void replayOutbox();
  // Back online: send everything now; the backoff was for the outage, not for the server.
  const kickAll = () => void replayOutbox(true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') {
      void checkReachability();
      kick();
    }
  };
  window.addEventListener('pageshow', kick);
  document.addEventListener('visibilitychange', onVisible);
  const tick = setInterval(() => {
    if (document.visibilityState === 'visible') kick();
  }, VISIBLE_TICK_MS);
  // The 'online' event triggers a reachability check (online.ts), which flips this flag.
  const offOnline = onlineManager.subscribe((online) => {
    if (online) kickAll();
  });
  const offNative = onNativeEvent((name) => {
    if (name === 'sync') void syncNow();
  });
  // The service worker's Background Sync handler asks an open page to replay (one loop, one place).
  const onSwMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === 'outbox-replay') kick();
  };
  navigator.serviceWorker?.addEventListener('message', onSwMessage);
  kick();
  return () => {
    started = false;
    window.removeEventListener('pageshow', kick);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(tick);
    offOnline();
    offNative();
    navigator.serviceWorker?.removeEventListener('message', onSwMessage);
    if (nextTimer) clearTimeout(nextTimer);
  };
}

// ---- user actions of the sync panel ---------------------------------------------------------------

/** Retry a failed item now. */
export async function retryOutboxItem(id: string): Promise<void> {
  await requeue(id);
  await replayOutbox(true);
}

/** Discard an item the user gave up on. */
export const discardOutboxItem = discard;

/** Number of the signed-in user's items not yet sent (for sign-out and the update prompt). */
export async function countUnsent(): Promise<number> {
  return (await pendingItems()).length;
}

/** True while a write is in flight, whoever made it (the update prompt waits). */
export async function outboxBusy(): Promise<boolean> {
  return (await outboxConfig.db.outbox.where('state').equals('sending').count()) > 0;
}

/** Sign-out: forget the signed-in user's queued writes and their files (after the warning). */
export async function clearOutbox(): Promise<void> {
  const user = await sessionUser();
  if (user) await clearUserItems(user);
}
