// Starts the offline machinery once, before the first render (main.tsx): the reachability check
// that drives TanStack's onlineManager, the outbox replay loop, and the device's session as the
// outbox sees it: whoever the server says is signed in, and a sign-out made offline that
// must reach the server before any other request.
// The outbox, the favourite copies and the device's session live in IndexedDB (Dexie): their code
// is not in the app's first script; it loads at once where the database exists, and on a first
// visit once the first screen has been painted (offlineCodeWanted). What must happen in order (the
// gate before every request, each answer about the user) is set up here at once and waits for it.
import type { QueryClient } from '@tanstack/react-query';
import { setRequestGate } from '../lib/api';
import { meQueryKey, type Me } from '../lib/current-user';
import { startReachabilityWatch } from './online';
import { offlineCodeWanted, offlineDbExists } from './db-exists';
import { expectSessionAnswer, markSessionKnown } from './session-known';

// One load each, so the steps chained on it run in the order they were asked for (each answer
// about the user is recorded in turn).
let sessionCode: Promise<typeof import('./session')> | null = null;
let outboxCode: Promise<typeof import('./outbox')> | null = null;
const session = () => (sessionCode ??= offlineCodeWanted().then(() => import('./session')));
const outbox = () => (outboxCode ??= offlineCodeWanted().then(() => import('./outbox')));

/**
 * Before every request, a sign-out still to be sent goes first. Installed before the
 * app's first request (main.tsx), the early session check included: sent ahead of the sign-out, it
 * would find the old session still open and show the signed-out user's pages again.
 */
export function installRequestGate() {
  // No offline database yet (a first visit): no sign-out can be waiting.
  setRequestGate(async () => !(await offlineDbExists()) || (await session()).flushSignOut());
}

export function startOffline(queryClient: QueryClient) {
  expectSessionAnswer();
  // The signed-in user as the server answered it (a fetch, a login, a 401), never a restored cache.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== meQueryKey[0]) return;
    // No answer to be had: the user the device recorded last stands.
    if (event.action.type === 'error') markSessionKnown();
    if (event.action.type !== 'success') return;
    const me = event.query.state.data as Me | null | undefined;
    const userId = me?.uuid_id ?? null;
    void session()
      .then(({ setSessionUser }) => setSessionUser(userId))
      .finally(markSessionKnown)
      .then(async ({ changedHands }) => {
        if (changedHands) {
          // The previous user's pages and favourite copies go; their queued writes stay, unseen.
          // Reset, not removed: pages on screen fetch theirs again.
          await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] }).catch(() => undefined);
          await import('./favourites').then(({ clearOffline }) => clearOffline()).catch(() => undefined);
        }
        // Their held writes (if any) may go now.
        if (me) await (await outbox()).replayOutbox();
      });
  });
  startReachabilityWatch(queryClient);
  void outbox().then(({ onOutboxSessionProblem, startReplayLoop }) => {
    // A queued write met a session that ended or is someone else's: ask the server who is signed in.
    onOutboxSessionProblem(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }));
    startReplayLoop();
  });
}
