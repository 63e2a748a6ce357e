// What this device keeps for offline use(the profile's 'Offline storage'): bytes of kept
// favourites and of files waiting in the signed-in user's queued posts, whether the browser keeps
// the storage persistently, and what it reports in use. Every storage API is feature-detected:
// iPadOS 15 Safari has navigator.storage.persist but not estimate.
import { db } from './db';
import { keptFileBytes } from './outbox-files';
import { pendingItems } from './outbox-core';
import { keepsFavourites } from './favourites';

export interface OfflineStorageInfo {
  favouriteBytes: number;
  favouriteCount: number;
  unsentBytes: number;
  unsentCount: number;
  keepFavourites: boolean;
}

/**
 * Read inside a Dexie liveQuery, so the numbers follow every change: one chain of Dexie promises
 * (a liveQuery loses track of the tables it read when it awaits a native promise).
 */
export function offlineStorageInfo(): Promise<OfflineStorageInfo> {
  return db.favourites.toArray().then((all) => {
    const favourites = all.filter((f) => f.status === 'stored');
    return pendingItems().then((unsent) => {
      const fileKeys = unsent.flatMap((i) => (i.attachments ?? []).map((a) => a.fileKey));
      return keptFileBytes(fileKeys).then((unsentBytes) =>
        keepsFavourites().then((keepFavourites) => ({
          favouriteBytes: favourites.reduce((n, f) => n + f.size, 0),
          favouriteCount: favourites.length,
          unsentBytes: fileKeys.length ? unsentBytes : 0,
          unsentCount: unsent.length,
          keepFavourites,
        })),
      );
    });
  });
}

export interface BrowserStorage {
  /** null when the browser cannot say. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

export async function browserStorage(): Promise<BrowserStorage> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  let persisted: boolean | null = null;
  let usage: number | null = null;
  let quota: number | null = null;
  try {
    if (storage?.persisted) persisted = await storage.persisted();
  } catch {
    persisted = null;
  }
  try {
    const est = storage?.estimate ? await storage.estimate() : undefined;
    usage = est?.usage ?? null;
    quota = est?.quota ?? null;
  } catch {
    usage = null;
  }
  return { persisted, usage, quota };
}

/** Ask the browser to keep our storage (Safari grants it to Home Screen apps). */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    return Boolean(await navigator.storage?.persist?.());
  } catch {
    return false;
  }
}
