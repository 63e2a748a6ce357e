// Who is signed in on this device, as far as offline writes are concerned(DESIGN
// section 6). Kept in IndexedDB so the page, other tabs and the service worker agree:
// - every outbox row is sent only while its author is the signed-in user;
// - a sign-out made with no network takes effect on the device at once (signOutPending), and the
//   logout call is the first request sent once the server can be reached.
// No React and no window-only API: the service worker imports this module.
import { db, type DeviceSession } from './db';
import { dropFirstAnswers } from '../lib/first-answers';
import { pathOf } from '../../shared/endpoint';
import { signOut } from '../../shared/endpoints/auth';

const NONE: DeviceSession = { key: 'session', userId: null, signOutPending: false };

export async function readSession(): Promise<DeviceSession> {
  return ((await db.device.get('session')) as DeviceSession | undefined) ?? NONE;
}

/**
 * The server said who is signed in (GET /api/users/me, a login), or that no one is (401).
 * Rows written before authors were recorded go to the first user the server confirms: they were
 * made under that session.
 */
export async function setSessionUser(userId: string | null): Promise<{ changedHands: boolean }> {
  return db.transaction('rw', db.device, db.outbox, async () => {
    // Dexie promises only inside a transaction (no readSession(): a native async function).
    const current = ((await db.device.get('session')) as DeviceSession | undefined) ?? NONE;
    // Another person than the last one signed in on this device: what was kept for the last one
    // (cached pages, favourite copies) is not for them.
    const changedHands = Boolean(userId && current.lastUserId && current.lastUserId !== userId);
    if (current.userId !== userId || (userId && current.lastUserId !== userId)) {
      await db.device.put({ ...current, userId, ...(userId ? { lastUserId: userId } : {}) });
    }
    if (userId) await db.outbox.filter((i) => !i.author).modify({ author: userId });
    return { changedHands };
  });
}

/** Sign-out on the device: nobody's writes are sent until the server has ended the session. */
export async function beginSignOut(): Promise<void> {
  await db.device.put({ key: 'session', userId: null, signOutPending: true });
}

const LOGOUT_URL = pathOf(signOut);
let flushing: Promise<boolean> | null = null;

/**
 * Tell the server about a sign-out made while it could not be reached. True when nothing is (any
 * longer) pending; false when the server is still out of reach, and then nothing else may be sent.
 */
export function flushSignOut(fetchFn: (input: string, init: RequestInit) => Promise<Response> = (i, init) => fetch(i, init)): Promise<boolean> {
  flushing ??= (async () => {
    try {
      if (!(await readSession()).signOutPending) return true;
      // The server may have written answers into this page with the session being ended.
      dropFirstAnswers();
      let res: Response;
      try {
        res = await fetchFn(LOGOUT_URL, { method: 'GET', credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' } });
      } catch {
        return false;
      }
      // Our server answered (signed out now, or the session had already ended); a captive portal
      // or a service worker answering HTML does not count.
      if (!(res.headers.get('content-type') ?? '').includes('application/json')) return false;
      await db.transaction('rw', db.device, async () => {
        const current = ((await db.device.get('session')) as DeviceSession | undefined) ?? NONE;
        // A login in between (it waits for this call) cannot have happened; keep the user it set anyway.
        await db.device.put({ ...current, signOutPending: false });
      });
      return true;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
