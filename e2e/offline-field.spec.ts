// Offline in the field, the way a trainer meets it: a screen never opened online says at once that
// nothing of it is kept and points to what is; the progress of keeping the favourites and a
// device-level 'Ready for offline'; a link that answers nothing (lie-fi) shows what is kept after a
// few seconds and keeps trying; the 'You are offline' banner comes with the kept feed, not after it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { signedIn, signIn } from './support/auth';
import { startNetSwitch, type NetSwitch } from './support/net-switch';
import { waitForPersistedCache, waitForServiceWorker } from './support/offline-state';
import { e2ePort } from './support/servers';

/** The network gone, as the page sees it: every API request fails, and the browser says so. */
async function cutApi(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}
async function restoreApi(page: Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function writePost(page: Page, title: string) {
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Written on a Wi-Fi that answers nothing');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
}

test.describe('without a service worker (page.route sees every request)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a list never opened online says at once that nothing is kept and links to what is', async ({ page }) => {
    await signedIn(page, 'educator');
    await expect(page.locator('.post-card').first()).toBeVisible();
    await cutApi(page);
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
    const notKept = page.getByTestId('not-kept-offline');
    await expect(notKept.getByRole('heading', { name: 'Not available offline' })).toBeVisible({ timeout: 3_000 });
    await expect(page.locator('main .spinner')).toHaveCount(0);
    // What is: the pages opened on this device (the feed) and the favourites kept on it.
    await expect(notKept.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/feed');
    await expect(notKept.getByRole('heading', { name: 'Favourites kept on this device' })).toBeVisible();
    await notKept.getByRole('link', { name: 'Home' }).click();
    await expect(page.locator('.post-card').first()).toBeVisible();
    await restoreApi(page);
  });

  test("the favourites' progress: 'Saving 1 of N for offline use', waiting while offline, then 'Ready for offline'", async ({ browser }) => {
    // A fresh browser: nothing kept yet.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const held: Route[] = [];
    let holding = true;
    // The files of the favourites (signed download links) wait until the test lets them go.
    await page.route(/\/api\/files\//, (route) => {
      if (holding && !route.request().url().includes('disp=inline')) held.push(route);
      else void route.continue();
    });
    await signIn(page, 'educator');
    const readiness = page.getByTestId('offline-readiness');
    await expect(readiness).toHaveText(/^Saving 1 of (\d+) for offline use$/, { timeout: 20_000 });
    const total = Number(/of (\d+)/.exec((await readiness.textContent())!)![1]);
    expect(total).toBeGreaterThan(1);

    // The link drops half-way: the progress waits for it, and resumes when it returns.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await Promise.all(held.splice(0).map((r) => r.abort('internetdisconnected')));
    await expect(readiness).toHaveText(`0 of ${total} saved for offline use. Saving goes on when the connection returns.`);

    holding = false;
    await page.unroute('**/api/**');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(readiness).toHaveText('Ready for offline', { timeout: 30_000 });
    await expect(page.locator('section[aria-labelledby="fav-scenarios-heading"]').getByTestId('offline-badge').first()).toHaveText('Available offline');
    await context.close();
  });

  test('a link that answers nothing: after a few seconds the kept feed shows, the server is said not to answer, posts wait, and it keeps trying', async ({ page }) => {
    await signedIn(page, 'educator');
    const firstPost = page.locator('.post-card:not(.pending) .post-title').first();
    await expect(firstPost).toBeVisible();
    const title = (await firstPost.textContent())!.trim();
    await waitForPersistedCache(page, title);
    await waitForPersistedCache(page, '["me"]');
    await page.waitForLoadState('networkidle');

    // Lie-fi: the page comes from the device (as the service worker serves it), every request hangs.
    const shell = fs.readFileSync(path.join(process.env.CLIENT_DIR ?? 'dist', 'index.html'), 'utf8');
    await page.route((url) => url.pathname === '/feed', (route) => route.fulfill({ contentType: 'text/html', body: shell }));
    await page.route('**/api/**', () => undefined);
    const started = Date.now();
    await page.reload();
    await expect(page.locator('.post-card .post-title', { hasText: title }).first()).toBeVisible({ timeout: 6_000 });
    await expect(page.getByTestId('offline-status').getByText('The server is not answering. Showing what is saved on this device.')).toBeVisible();
    test.info().annotations.push({ type: 'lie-fi', description: `kept feed shown after ${Date.now() - started} ms` });

    const mine = `Lie-fi post ${Date.now()}`;
    await writePost(page, mine);
    await expect(page.getByTestId('pending-post').filter({ hasText: mine }).getByText('Waiting to sync')).toBeVisible();

    // The link comes back: the app notices by itself (no event), and the post goes.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await expect(page.locator('.post-card:not(.pending) .post-title', { hasText: mine })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
  });
});

test.describe('an offline relaunch with the service worker', () => {
  let net: NetSwitch;
  test.beforeAll(async () => {
    net = await startNetSwitch(e2ePort, e2ePort + 1003);
  });
  test.afterAll(async () => {
    await net?.close();
  });
  test.use({ baseURL: `http://localhost:${e2ePort + 1003}`, serviceWorkers: 'allow' });

  test("'You are offline' shows no later than the kept feed", async ({ page }) => {
    await signedIn(page, 'educator');
    const firstPost = page.locator('.post-card:not(.pending) .post-title').first();
    await expect(firstPost).toBeVisible();
    const title = (await firstPost.textContent())!.trim();
    await waitForServiceWorker(page);
    await waitForPersistedCache(page, title);
    await page.waitForLoadState('networkidle');

    // When each first appears in the page, watched from before the app's first script runs.
    await page.addInitScript(() => {
      const seen: { card?: number; banner?: number } = {};
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const look = () => {
        const now = performance.now();
        if (seen.card === undefined && document.querySelector('.post-card')) seen.card = now;
        if (seen.banner === undefined && document.querySelector('[data-testid="offline-status"]')?.textContent?.includes('You are offline')) seen.banner = now;
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
    });
    net.setOnline(false);
    await page.reload();
    await expect(page.locator('.post-card .post-title', { hasText: title }).first()).toBeVisible();
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { __seen: { card?: number; banner?: number } }).__seen);
    test.info().annotations.push({ type: 'first paint', description: JSON.stringify(seen) });
    expect(seen.banner, JSON.stringify(seen)).toBeDefined();
    expect(seen.banner!, JSON.stringify(seen)).toBeLessThanOrEqual(seen.card!);
    net.setOnline(true);
  });
});
