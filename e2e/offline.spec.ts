// The offline PWA with the real service worker of the production build in Chromium:
// the shell and the feed open offline after one online visit, posts written offline wait in the
// outbox and sync exactly once, a flaky network never duplicates a post, favourites open and
// download offline, an interrupted upload resumes from its offset, and a new build shows the
// update prompt.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn } from './support/auth';
import { startNetSwitch, type NetSwitch } from './support/net-switch';
import { waitForPersistedCache, waitForServiceWorker } from './support/offline-state';
import { e2ePort } from './support/servers';

// Tests with the service worker reach the server through a switchable pass-through (see
// support/net-switch.ts) and tell the page about the change as the browser would.
let net: NetSwitch;
test.beforeAll(async () => {
  net = await startNetSwitch(e2ePort, e2ePort + 1000);
});
test.afterAll(async () => {
  await net?.close();
});
async function goOffline(page: Page) {
  // The app's code has finished loading (parts of it load beside the first screen).
  await page.waitForLoadState('networkidle');
  net.setOnline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}
async function goOnline(page: Page) {
  net.setOnline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function postsTitled(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/api/forumpost/GetPosts/0/100/-1');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { posts: { title: string }[] };
  return body.posts.filter((p) => p.title === title).length;
}

async function writePost(page: Page, title: string, text: string) {
  await page.getByRole('button', { name: 'Share something with the community...' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).last().click();
}

/** The favourite state of an item as kept on the device for offline use (offline/favourites.ts). */
function keptItem(page: Page, key: string) {
  return page.evaluate(async (key) => {
    const open = indexedDB.open('community-offline');
    const db = await new Promise<IDBDatabase>((res, rej) => {
      open.onsuccess = () => res(open.result);
      open.onerror = () => rej(open.error);
    });
    const row = await new Promise<{ item?: { is_favourited_by_current_user?: boolean; number_favourites?: number } } | undefined>((res) => {
      const req = db.transaction('favourites').objectStore('favourites').get(key);
      req.onsuccess = () => res(req.result as never);
      req.onerror = () => res(undefined);
    });
    db.close();
    return { favourited: row?.item?.is_favourited_by_current_user, count: row?.item?.number_favourites };
  }, key);
}

test.describe('offline with the service worker', () => {
  test.use({ baseURL: `http://localhost:${e2ePort + 1000}`, serviceWorkers: 'allow' });
  test('after one online visit the shell and the feed open offline', async ({ page }) => {
    await signedIn(page, 'educator');
    const firstPost = page.locator('.post-card:not(.pending) .post-title').first();
    await expect(firstPost).toBeVisible();
    const title = (await firstPost.textContent())!.trim();
    await waitForServiceWorker(page);
    await waitForPersistedCache(page, title);

    await goOffline(page);
    await page.reload();
    await expect(page.getByRole('link', { name: 'REALITi Community home' })).toBeVisible();
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    await expect(page.locator('.post-card .post-title', { hasText: title }).first()).toBeVisible();

    // Another client route opens offline too (the navigation falls back to the cached shell).
    await page.goto('/me');
    await expect(page.getByRole('link', { name: 'REALITi Community home' })).toBeVisible();
    // Server routes are not answered with the shell.
    const api = await page.evaluate(async () => {
      try {
        const r = await fetch('/api/health');
        return r.headers.get('content-type');
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
    await goOnline(page);
  });

  test('a post written offline shows as pending, syncs when the network returns, and exists once', async ({ page }) => {
    await signedIn(page, 'educator');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('feed-count')).toBeVisible();

    await goOffline(page);
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    const title = `Offline post ${Date.now()}`;
    await writePost(page, title, 'Written on the training site with no network');
    const pending = page.getByTestId('pending-post').filter({ hasText: title });
    await expect(pending).toBeVisible();
    await expect(pending.getByText('Waiting to sync')).toBeVisible();
    await expect(page.getByTestId('sync-count')).toHaveText('1 item waiting to sync');

    // Still there after a reload while offline (the outbox lives in IndexedDB).
    await page.reload();
    await expect(page.getByTestId('pending-post').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();

    await goOnline(page);
    await expect(page.locator('.post-card:not(.pending) .post-title', { hasText: title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('pending-post').filter({ hasText: title })).toHaveCount(0);
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
    expect(await postsTitled(page.request, title)).toBe(1);
  });

  test('a favourite scenario and media item open and download with no network', async ({ page }) => {
    await signedIn(page, 'provisioner');
    await waitForServiceWorker(page);
    const lib = (await (await page.request.get('/api/scenarios/0/50/-1/-1/-1')).json()) as { scenarios: { uuid_id: string; name: string; file_size: number; number_favourites: number; is_favourited_by_current_user: boolean; is_processed: boolean }[] };
    const scenario = lib.scenarios.find((x) => !x.is_favourited_by_current_user && x.is_processed)!;
    const media = ((await (await page.request.get('/api/media/0/50/-1/-1')).json()) as { media: { uuid_id: string; name: string; alt_text: string | null; is_video: boolean; file_size: number; is_favourited_by_current_user: boolean }[] }).media.find(
      (x) => !x.is_video && !x.is_favourited_by_current_user,
    )!;
    expect(scenario, 'a public scenario to favourite').toBeTruthy();
    expect(media, 'an approved picture to favourite').toBeTruthy();

    // Online: favourite both; each is kept on the device.
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await page.getByRole('button', { name: /^Favourite \(/ }).click();
    await expect(page.getByRole('button', { name: /^Favourited/ })).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toHaveText('Available offline', { timeout: 20_000 });
    await page.goto(`/media/${media.uuid_id}`);
    await page.getByRole('button', { name: 'Favourite', exact: true }).click();
    await expect(page.getByTestId('offline-badge')).toHaveText('Available offline', { timeout: 20_000 });

    await goOffline(page);
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await expect(page.getByRole('heading', { name: scenario.name })).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toHaveText('Available offline');
    // The copies kept on the device say what the user did: favourited (the scenario counted). The
    // page itself may show the cached answer from before the tap (kept only after a second's delay).
    expect(await keptItem(page, `scenario:${scenario.uuid_id}`)).toEqual({ favourited: true, count: scenario.number_favourites + 1 });
    const scenarioDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${scenario.name}` }).click();
    const saved = await scenarioDownload;
    expect((await fs.stat((await saved.path())!)).size).toBe(scenario.file_size);

    await page.goto(`/media/${media.uuid_id}`);
    await expect(page.getByRole('heading', { name: media.name })).toBeVisible();
    expect(await keptItem(page, `media:${media.uuid_id}`)).toMatchObject({ favourited: true });
    // The picture itself comes from the copy on the device.
    // Its alt text names it (another spec may have given the demo picture one), else its name.
    const picture = page.getByRole('img', { name: media.alt_text || media.name });
    await expect(picture).toHaveAttribute('src', /^\/offline-files\/media\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const mediaDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const savedMedia = await mediaDownload;
    expect((await fs.stat((await savedMedia.path())!)).size).toBe(media.file_size);

    // Something never kept says so instead of spinning.
    const other = lib.scenarios.find((x) => x.uuid_id !== scenario.uuid_id && !x.is_favourited_by_current_user)!;
    await page.goto(`/scenario/${other.uuid_id}`);
    await expect(page.getByText('This scenario is not available offline')).toBeVisible();
    await goOnline(page);
    // The app has seen the network return before the next page asks the server.
    await expect(page.getByTestId('offline-status')).toHaveCount(0, { timeout: 30_000 });

    // Online again, the page asks the server rather than trusting the copy it restored (which may
    // be from before the tap); unfavouriting forgets the kept copy.
    await page.goto(`/scenario/${scenario.uuid_id}`);
    const favourited = page.getByRole('button', { name: /^Favourited/ });
    await expect(favourited).toBeVisible();
    await favourited.click();
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  });

  test('a scenario favourited on another device is kept on this one too', async ({ browser, page }) => {
    await signedIn(page, 'tester');
    await waitForServiceWorker(page);
    const lib = (await (await page.request.get('/api/scenarios/0/50/-1/-1/-1')).json()) as { scenarios: { uuid_id: string; name: string; is_favourited_by_current_user: boolean; is_processed: boolean }[] };
    const scenario = lib.scenarios.find((x) => !x.is_favourited_by_current_user && x.is_processed)!;

    // The desktop at the office favourites it (the same API call from another session).
    const desktop = await browser.newContext({ baseURL: `http://localhost:${e2ePort}` });
    const login = await desktop.request.post('/api/auth', { data: { username: 'tester', password: 'Community1' }, headers: { Origin: `http://localhost:${e2ePort}` } });
    expect(login.ok()).toBeTruthy();
    const fav = await desktop.request.post(`/api/scenarios/togglefavourite/${scenario.uuid_id}`, { headers: { Origin: `http://localhost:${e2ePort}`, 'Idempotency-Key': crypto.randomUUID() } });
    expect(await fav.json()).toMatchObject({ is_favourited: true });
    await desktop.close();

    // Back on the iPad, the next visit online keeps it; then it opens with no network.
    await page.reload();
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await expect(page.getByTestId('offline-badge')).toHaveText('Available offline', { timeout: 20_000 });
    // The profile's list caught up too.
    await page.goto('/me');
    const card = page.getByRole('region', { name: 'Favourite Scenarios' });
    await expect(card.getByRole('listitem').filter({ hasText: scenario.name }).getByTestId('offline-badge')).toHaveText('Available offline');
    await goOffline(page);
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await expect(page.getByRole('heading', { name: scenario.name })).toBeVisible();
    await goOnline(page);
  });

  test('a new build shows "A new version is available" and Reload switches to it', async ({ page }) => {
    await signedIn(page, 'educator');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    // A new deployment: the worker script changes on the server.
    const swFile = path.join(process.env.CLIENT_DIR ?? 'dist', 'sw.js');
    const original = await fs.readFile(swFile, 'utf8');
    // The build also writes compressed copies (sw.js.br, sw.js.gz), which the server sends first.
    const copies = ['.br', '.gz'].map((ext) => swFile + ext);
    const originalCopies = await Promise.all(copies.map((f) => fs.readFile(f).catch(() => null)));
    try {
      const next = `${original}\n// build ${Date.now()}\n`;
      await fs.writeFile(swFile, next);
      await fs.writeFile(copies[0], zlib.brotliCompressSync(next));
      await fs.writeFile(copies[1], zlib.gzipSync(next));
      // Ask for the new worker until the prompt shows: on a busy machine one check can still find
      // the previous install running, and update() then rejects without looking.
      const prompt = page.getByTestId('update-prompt');
      const announced = prompt.getByText('A new version is available');
      await expect
        .poll(
          async () => {
            await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update()).catch(() => undefined);
            return announced.isVisible();
          },
          { timeout: 30_000, intervals: [1_000, 2_000, 3_000] },
        )
        .toBe(true);
      // Reload waits for the new worker to take over, then loads the page again.
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('link', { name: 'REALITi Community home' })).toBeVisible();
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    } finally {
      await fs.writeFile(swFile, original);
      await Promise.all(copies.map((f, i) => (originalCopies[i] ? fs.writeFile(f, originalCopies[i]) : fs.rm(f, { force: true }))));
    }
  });
});

test.describe('a flaky network', () => {
  // page.route sees every request only without a service worker in between; the outbox, not the
  // worker, is what is under test here.
  test.use({ serviceWorkers: 'block' });

  test('random drops and lost responses still give exactly one post per queued item', async ({ page }) => {
    await signedIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();

    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let calls = 0;
    let committedButLost = 0;
    let dropped = 0;
    let flaky = true;
    await page.route('**/api/forumpost/CreatePost', async (route) => {
      calls++;
      if (!flaky) return route.continue();
      // The first attempt of each post reaches the server and loses its answer; later attempts
      // are dropped before the server at random.
      if (calls <= 3 || random() < 0.3) {
        await route.fetch();
        committedButLost++;
        return route.abort('connectionreset');
      }
      if (random() < 0.5) {
        dropped++;
        return route.abort('failed');
      }
      return route.continue();
    });

    const stamp = Date.now();
    const titles = [1, 2, 3].map((n) => `Flaky post ${n} ${stamp}`);
    for (const title of titles) {
      await writePost(page, title, 'Sent over a bad connection');
      await expect(page.getByTestId('pending-post').filter({ hasText: title })).toBeVisible();
    }

    // Replays run on the backoff timer and on 'Sync now'; keep nudging until all are sent.
    await expect
      .poll(
        async () => {
          const count = await page.getByTestId('pending-post').count();
          if (count && (await page.getByRole('button', { name: 'Sync now' }).isEnabled().catch(() => false))) {
            await page.getByRole('button', { name: 'Sync now' }).click().catch(() => undefined);
          }
          if (calls > 25) flaky = false;
          return count;
        },
        { timeout: 45_000, intervals: [500, 1000, 2000] },
      )
      .toBe(0);
    expect(committedButLost).toBeGreaterThanOrEqual(3);
    for (const title of titles) expect(await postsTitled(page.request, title)).toBe(1);
    test.info().annotations.push({ type: 'flaky network', description: `${calls} CreatePost calls, ${committedButLost} lost responses, ${dropped} dropped` });
  });

  test('a post the server refuses stops retrying and offers Retry and Discard', async ({ page }) => {
    // The page's timers run on a clock the test can move on.
    await page.clock.install();
    await signedIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();
    let attempts = 0;
    await page.route('**/api/forumpost/CreatePost', async (route) => {
      attempts++;
      // First a dropped connection (queued), then a refusal on replay.
      if (attempts === 1) return route.abort('failed');
      return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Please enter a title' }) });
    });
    const title = `Refused post ${Date.now()}`;
    await writePost(page, title, 'The server will refuse this one');
    await expect(page.getByTestId('pending-post').filter({ hasText: title })).toBeVisible();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const failed = page.getByRole('list', { name: 'Items that could not be sent' });
    await expect(failed.getByText(`Post "${title}"`)).toBeVisible();
    await expect(failed.getByText('Please enter a title')).toBeVisible();
    // A minute on the page's clock: no retry. A request sent after it has been through the routes.
    const seen = attempts;
    await page.clock.runFor(60_000);
    await page.evaluate(() => fetch('/api/health').then((r) => r.status));
    expect(attempts).toBe(seen);
    await failed.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('pending-post').filter({ hasText: title })).toHaveCount(0);
    expect(await postsTitled(page.request, title)).toBe(0);
  });
});
