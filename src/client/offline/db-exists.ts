// Whether this browser holds the offline database yet, asked without loading Dexie: on a first
// visit there is nothing to restore and no sign-out to send, so the first screen need not wait for
// the database code. Where the browser cannot tell (no indexedDB.databases()), assume it does.
import { afterFirstScreen } from '../lib/first-screen';

export const OFFLINE_DB_NAME = 'community-offline';

let exists = false;

export async function offlineDbExists(): Promise<boolean> {
  // Once there, it stays for the life of the page.
  if (exists) return true;
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return (exists = true);
    exists = (await indexedDB.databases()).some((d) => d.name === OFFLINE_DB_NAME);
  } catch {
    exists = true;
  }
  return exists;
}

/**
 * Resolves when code that opens the offline database may load: at once where the database exists
 * (writes may wait in its outbox), else once the first screen has been painted: a first visit has
 * nothing queued, restored or left by an earlier user, and its first screen does not wait for the code.
 */
export async function offlineCodeWanted(): Promise<void> {
  if (!(await offlineDbExists())) await afterFirstScreen();
}
