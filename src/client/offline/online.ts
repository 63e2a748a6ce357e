// Online status from a real reachability check: navigator.onLine says only that some
// network exists, not that our server answers (training sites have captive Wi-Fi). TanStack Query's
// onlineManager starts true; we set it from GET /api/health with a short timeout (without
// AbortSignal.timeout, which iPadOS 15 lacks: there it made the app think it was offline forever).
// A link that answers nothing (a captive portal, a Wi-Fi without uplink: 'lie-fi') counts as
// unreachable after the timeout, told apart from no network at all, so the app can say which.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { timeoutSignal } from '../lib/compat';
import { pathOf } from '../../shared/endpoint';
import { getHealth } from '../../shared/endpoints/health';
import { afterFirstScreen } from '../lib/first-screen';
import { offlineDbExists } from './db-exists';

const HEALTH_URL = pathOf(getHealth);
/** How long the server may take to answer before the app goes on with what is kept. */
const TIMEOUT_MS = 3_000;
/** How often we re-check while unreachable (and the page is visible). */
const OFFLINE_POLL_MS = 10_000;
/** How often we re-check while reachable (and visible): a network can die without an event. */
const ONLINE_POLL_MS = 60_000;

let checking: Promise<boolean> | null = null;
let pollTimer: ReturnType<typeof setTimeout> | null = null;
let watching = false;

/** Why the server cannot be reached: no network, or a network on which the server does not answer. */
export type Unreachable = 'offline' | 'no-answer';
let reason: Unreachable = 'offline';
const reasonListeners = new Set<() => void>();
/** Why the server cannot be reached now (meaningful while isReachable() is false). */
export const unreachableReason = () => reason;
export function onUnreachableReason(listener: () => void): () => void {
  reasonListeners.add(listener);
  return () => reasonListeners.delete(listener);
}

let firstVerdictGiven: () => void = () => undefined;
const firstVerdict = new Promise<void>((resolve) => {
  firstVerdictGiven = resolve;
});
/**
 * Resolves once the first check has said whether the server answers (at most TIMEOUT_MS after it
 * started): the copy kept on the device is shown with the right banner from its first paint.
 */
export const firstReachabilityVerdict = () => firstVerdict;

export async function checkReachability(): Promise<boolean> {
  if (checking) return checking;
  let why: Unreachable = 'offline';
  checking = (async () => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
    const signal = timeoutSignal(TIMEOUT_MS);
    try {
      const res = await fetch(HEALTH_URL, { method: 'GET', cache: 'no-store', credentials: 'omit', signal });
      // Any answer from our server (even a 503 while it starts) means the network works; a
      // service worker or captive portal answering HTML does not count.
      why = 'no-answer';
      return (res.headers.get('content-type') ?? '').includes('application/json');
    } catch {
      // No answer in time: a network is there, but the server does not answer on it.
      why = signal.aborted ? 'no-answer' : 'offline';
      return false;
    }
  })();
  try {
    const ok = await checking;
    setReachable(ok, why);
    return ok;
  } finally {
    checking = null;
  }
}

function setReachable(ok: boolean, why: Unreachable = reason) {
  if (why !== reason) {
    reason = why;
    reasonListeners.forEach((l) => l());
  }
  onlineManager.setOnline(ok);
  firstVerdictGiven();
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
  if (typeof document !== 'undefined' && watching) {
    pollTimer = setTimeout(() => {
      if (document.visibilityState === 'visible') void checkReachability();
      else setReachable(ok);
    }, ok ? ONLINE_POLL_MS : OFFLINE_POLL_MS);
  }
}

/** Something failed to reach the server: re-check (cheaply coalesced). */
export function reportNetworkFailure() {
  void checkReachability();
}

export const isReachable = () => onlineManager.isOnline();

/** Replace TanStack's navigator.onLine listener with the reachability check. Call once at start. */
export function startReachabilityWatch(queryClient?: QueryClient) {
  watching = true;
  // A query that could not reach the server is a hint too (ApiError status 0 from lib/api.ts).
  queryClient?.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'failed' && (event.action.error as { status?: number } | null)?.status === 0) reportNetworkFailure();
  });
  // No network at all is known at once: the first screen already says so.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) setReachable(false, 'offline');
  // The checks start at once where a kept copy is restored (it is shown with the first verdict). On a
  // first visit nothing waits for a verdict: they start once the first screen has been painted, so
  // that on a slow network their request does not compete with the screen's. Until then TanStack's
  // own online and offline events stand, and a request that fails still asks for a check
  // (reportNetworkFailure).
  void offlineDbExists().then(async (restoring) => {
    if (!restoring) await afterFirstScreen();
    onlineManager.setEventListener(() => {
      const recheck = () => void checkReachability();
      const goneOffline = () => setReachable(false, 'offline');
      window.addEventListener('online', recheck);
      window.addEventListener('offline', goneOffline);
      window.addEventListener('pageshow', recheck);
      void checkReachability();
      return () => {
        window.removeEventListener('online', recheck);
        window.removeEventListener('offline', goneOffline);
        window.removeEventListener('pageshow', recheck);
      };
    });
  });
}
