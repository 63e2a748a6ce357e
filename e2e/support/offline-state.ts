// What the offline tests wait for before they cut the network: the service worker controls the
// page (the app's files are on the device), the parts a screen fetches beside it are in the page,
// and the persisted query cache holds a given text.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The parts the app fetches beside its first screen (lib/lazy-now.tsx) that an offline screen shows,
 * and the debrief hand-over (main.tsx) that takes what the native wrapper hands over offline.
 */
const PARTS_FETCHED_AHEAD = ['offline-status', 'pending-posts', 'create-post-modal', 'offline-badge', 'offline-readiness', 'not-kept-offline', 'hand-over-debrief'];

/**
 * Without a service worker, a screen's parts fetched beside it must be in the page before the
 * network goes. The app starts those fetches once its first screen has been painted, which on a
 * busy machine can be more than the half second of quiet that 'networkidle' waits for. Importing
 * their built files here, while online, waits for the app's own fetch or makes it: the page has one
 * module map, so the app's import of the same file later is answered from it.
 */
export async function partsFetchedAhead(page: Page) {
  const assets = path.join(process.env.CLIENT_DIR ?? 'dist', 'assets');
  const files = fs.readdirSync(assets).filter((file) => PARTS_FETCHED_AHEAD.some((part) => new RegExp(`^${part}-[\\w-]{8}\\.js$`).test(file)));
  expect(files).toHaveLength(PARTS_FETCHED_AHEAD.length);
  await page.evaluate(async (urls) => {
    await Promise.all(urls.map((url) => import(/* @vite-ignore */ new URL(url, location.href).href)));
  }, files.map((file) => `/assets/${file}`));
}

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
