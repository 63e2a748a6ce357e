// What shows or keeps offline state (the outbox banner, pending posts, 'Available offline', the
// device's session) needs the offline database and its code (Dexie). On a visit with no offline
// database yet there is nothing to show: that code then loads once the first screen is done.
import { afterStartup, BACKGROUND_DELAY_MS } from '../lib/after-startup';
import { offlineDbExists } from './db-exists';

export async function whenOfflineCodeNeeded(): Promise<void> {
  if (!(await offlineDbExists())) await afterStartup(BACKGROUND_DELAY_MS);
}

/** React.lazy for a component of the offline layer, loaded when whenOfflineCodeNeeded says. */
export function lazyOffline<T>(load: () => Promise<T>): () => Promise<T> {
  return () => whenOfflineCodeNeeded().then(load);
}
