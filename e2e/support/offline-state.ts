// What the offline tests wait for before they cut the network: the service worker controls the
// page (the app's files are on the device), and the persisted query cache holds a given text.
import { expect, type Page } from '@playwright/test';

/** Wait until the service worker controls the page (first visit: after clients.claim()). */
export async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active && navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

/** Wait until TanStack's persisted cache (IndexedDB) holds `needle` (a post title, a query key like '["me"]'). */
export async function waitForPersistedCache(page: Page, needle: string) {
  await expect.poll(() => page.evaluate(async (text) => {
    // Before the app has made its database, asking for it must not make an empty one: the open is
    // aborted at its upgrade, and the answer is 'not yet'.
    const open = indexedDB.open('community-offline');
    const db = await new Promise<IDBDatabase | null>((res) => {
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => res(open.result);
      open.onerror = () => res(null);
    });
    if (!db) return false;
    if (!db.objectStoreNames.contains('queryCache')) {
      db.close();
      return false;
    }
    const value = await new Promise<unknown>((res) => {
      const req = db.transaction('queryCache').objectStore('queryCache').get('community-query-cache');
      req.onsuccess = () => res(req.result);
      req.onerror = () => res(null);
    });
    db.close();
    // The cache is kept as a JSON string inside the row: look for the text as it reads there.
    return Boolean(value && JSON.stringify(value).includes(JSON.stringify(text).slice(1, -1)));
  }, needle), { timeout: 15_000 }).toBe(true);
}
