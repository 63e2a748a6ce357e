// Offline you can trust on a shared iPad, each case the way a trainer meets it: two users
// on one device; signing out offline, then the network coming back; a server killed mid-post and
// started again; an attachment cut half-way and resumed; the wrapper's offline download with the
// fake native host; the Post button on a slow link; the Home Screen offer and 'Offline storage' of
// iPad Safari; sync without the APIs iPadOS 15 lacks.
// The network is cut for real by a pass-through in front of the server (support/http-tap.ts), which
// also shows which session cookie went with each request.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn, signIn } from './support/auth';
import { sessionCookie, startHttpTap, type HttpTap } from './support/http-tap';
import { partsFetchedAhead, waitForServiceWorker } from './support/offline-state';
import { installFakeNativeHost, nativeMessages } from './support/fake-native-host';
import { ownServer, type OwnServer } from './support/own-server';
import { e2eDataDir as dataDir, e2ePort } from './support/servers';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-offline-trust-'));
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const IPAD_SAFARI = 'Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/604.1';

async function goOffline(page: Page, tap: HttpTap) {
  // The app's code has finished loading (parts of it load beside the first screen).
  await page.waitForLoadState('networkidle');
  await partsFetchedAhead(page);
  tap.setOnline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
}
async function goOnline(page: Page, tap: HttpTap) {
  tap.setOnline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function openCreate(page: Page, type: 'Post' | 'Scenario' | 'Media' = 'Post') {
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: type, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function writePost(page: Page, title: string, text = 'Written on the training site') {
  const dialog = await openCreate(page);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill(text);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  return dialog;
}

const pendingCard = (page: Page, title: string) => page.getByTestId('pending-post').filter({ hasText: title });
const postedCard = (page: Page, title: string) => page.locator('.post-card:not(.pending)').filter({ has: page.locator('.post-title', { hasText: title }) });

/** An API client signed in as a demo user, straight at the server. */
async function apiAs(username: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: `http://localhost:${e2ePort}` });
  const res = await ctx.post('/api/auth', { data: { username, password: 'Community1' } });
  expect(res.ok()).toBeTruthy();
  return ctx;
}

async function postsTitled(api: APIRequestContext, title: string) {
  const res = await api.get('/api/forumpost/GetPosts/0/50/-1');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { posts: { id: number; title: string; creator: { first_name: string }; scenarios: { uuid_id: string }[] }[] }).posts.filter((p) => p.title === title);
}

async function signOutFromMenu(page: Page) {
  await page.getByLabel('User menu').click();
  await page.getByRole('link', { name: 'Sign out' }).click();
}

// ---- cases on the shared e2e server, through a tap --------------------------------------------

test.describe('on a shared iPad', () => {
  let tap: HttpTap;
  test.beforeAll(async () => {
    tap = await startHttpTap(e2ePort, e2ePort + 1002);
  });
  test.afterAll(async () => {
    await tap?.close();
  });
  test.use({ baseURL: `http://localhost:${e2ePort + 1002}`, serviceWorkers: 'block' });

  test("two users on one device: the educator's queued post is neither shown to nor sent as the paramedic, and goes as hers later", async ({ page }) => {
    await signIn(page, 'educator');
    await goOffline(page, tap);
    const title = unique('Airway tips from Emma');
    await writePost(page, title);
    await expect(pendingCard(page, title)).toContainText('Waiting to sync');

    // Her session ends while the iPad is offline (it expired); the network comes back.
    await page.context().clearCookies();
    await goOnline(page, tap);
    await expect(page).toHaveURL(/\/login$/);

    // Paul signs in on the same iPad: Emma's post is not his to see, and nothing goes as him but his own.
    const paulFrom = tap.requests.length;
    await signIn(page, 'paramedic');
    const paul = (await (await page.request.get('/api/users/me')).json()) as { uuid_id: string };
    await expect(page.getByTestId('feed-count')).toBeVisible();
    await expect(pendingCard(page, title)).toHaveCount(0);
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
    const paulsTitle = unique('Paul checks in');
    await writePost(page, paulsTitle);
    await expect(page.getByText('Post created!')).toBeVisible();
    await expect(postedCard(page, paulsTitle)).toBeVisible();
    // The network "comes back" once more: a replay pass runs, and still leaves Emma's post alone.
    const healthFrom = tap.requests.length;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => tap.requests.slice(healthFrom).some((r) => r.path === '/api/health')).toBe(true);
    await expect(pendingCard(page, title)).toHaveCount(0);
    // Only a request carrying a session can publish. Emma's row may be tried once with no session
    // while the login screen shows (her cookie is gone, the device has not yet learnt who is next):
    // that answers 401 and the row waits for her, so it is not counted here.
    const paulsPosts = tap.requests.slice(paulFrom).filter((r) => r.path === '/api/forumpost/CreatePost' && Boolean(r.headers.cookie));
    expect(paulsPosts).toHaveLength(1);
    expect(paulsPosts[0].headers['x-outbox-user']).toBe(paul.uuid_id);
    const emma = await apiAs('educator');
    expect(await postsTitled(emma, title)).toHaveLength(0);

    // Paul signs out (nothing unsent, so no warning); Emma signs in and her post goes, as hers, once.
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'educator');
    await expect(postedCard(page, title)).toBeVisible({ timeout: 30_000 });
    await expect(pendingCard(page, title)).toHaveCount(0);
    const posted = await postsTitled(emma, title);
    expect(posted).toHaveLength(1);
    expect(posted[0].creator.first_name).toBe('Emma');
    await emma.dispose();
  });

  test("a sign-out that has not reached the server yet: opening the feed again shows the login page, not the answers the server wrote into the page", async ({ page }) => {
    await signIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();
    // The sign-out cannot reach the server (the link drops just then): the device signs out at once
    // and keeps the sign-out to send.
    await page.route('**/api/me/logout', (route) => route.abort('internetdisconnected'));
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('community-offline');
              open.onsuccess = () => {
                const get = open.result.transaction('device').objectStore('device').get('session');
                get.onsuccess = () => resolve(Boolean((get.result as { signOutPending?: boolean } | undefined)?.signOutPending));
                get.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
        ),
      )
      .toBe(true);

    // The feed is opened again (past the service worker) before the app has sent the sign-out: the
    // server still knows the session and writes the feed's answers into the page. (The old page is
    // left first: once the link is back it would send the waiting sign-out itself.)
    await page.goto('about:blank');
    await page.unroute('**/api/me/logout');
    // Whether the feed's posts were ever on screen in the page about to open.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.post-card')) document.documentElement.dataset.feedShown = 'yes';
      }).observe(document, { childList: true, subtree: true });
    });
    const from = tap.requests.length;
    await page.goto('/feed');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.feedShown ?? 'no')).toBe('no');
    // The sign-out went first (the app sends it once the login page is up); the old session asked nothing else.
    const withSession = () => tap.requests.slice(from).filter((r) => r.path.startsWith('/api/') && sessionCookie(r)).map((r) => `${r.method} ${r.path}`);
    await expect.poll(withSession).toEqual(['GET /api/me/logout']);
  });

  test.describe('with the service worker (the app\'s code is on the device)', () => {
    test.use({ serviceWorkers: 'allow' });

    test('signing out offline: the warning offers to stay; then /login at once, and back online the logout goes first and the session is over', async ({ page, context }) => {
      await signIn(page, 'educator');
      await waitForServiceWorker(page);
      await goOffline(page, tap);
      const titles = [unique('Unsent one'), unique('Unsent two')];
      for (const t of titles) {
        await writePost(page, t);
        await expect(pendingCard(page, t)).toBeVisible();
      }

      await signOutFromMenu(page);
      const dialog = page.getByRole('dialog', { name: 'Sign out' });
      await expect(dialog.getByText('You have 2 unsent item(s). They will be deleted if you sign out.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(page).toHaveURL(/\/feed$/);
      await expect(pendingCard(page, titles[0])).toBeVisible();

      const oldSid = (await context.cookies()).find((c) => c.name === 'sid')!.value;
      const from = tap.requests.length;
      await signOutFromMenu(page);
      await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
      // At once, with no network.
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel('Username')).toBeVisible();

      await goOnline(page, tap);
      await expect.poll(() => tap.requests.slice(from).some((r) => r.path === '/api/me/logout'), { timeout: 20_000 }).toBe(true);
      // The old session went with nothing but the logout call.
      const withOldSession = tap.requests.slice(from).filter((r) => sessionCookie(r) === oldSid).map((r) => `${r.method} ${r.path}`);
      expect(withOldSession).toEqual(['GET /api/me/logout']);
      // The server no longer knows the session: the next person cannot use it.
      const stale = await playwrightRequest.newContext({ baseURL: `http://localhost:${e2ePort}`, extraHTTPHeaders: { cookie: `sid=${oldSid}` } });
      expect((await stale.get('/api/users/me')).status()).toBe(401);
      await stale.dispose();
      // The unsent posts were deleted, as the warning said.
      const emma = await apiAs('educator');
      for (const t of titles) expect(await postsTitled(emma, t)).toHaveLength(0);
      await emma.dispose();
      await signIn(page, 'educator');
      for (const t of titles) await expect(pendingCard(page, t)).toHaveCount(0);
    });

    test('with no page open, the service worker sends a post queued offline and its file (fetch only, no XMLHttpRequest there)', async ({ page, context }) => {
      test.setTimeout(120_000);
      const body = Buffer.from(JSON.stringify({ name: 'Handover at dawn', scenario: { events: [] }, notes: 'y'.repeat(400_000) }));
      const file = path.join(work, 'handover-at-dawn.json');
      fs.writeFileSync(file, body);
      await signedIn(page, 'tester');
      await waitForServiceWorker(page);
      await goOffline(page, tap);
      const dialog = await openCreate(page, 'Scenario');
      await dialog.getByRole('button', { name: 'Upload New' }).click();
      await page.getByLabel('Choose scenario files').setInputFiles(file);
      const title = unique('Scenario queued for the worker');
      await page.getByLabel('Title').fill(title);
      await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
      await expect(pendingCard(page, title)).toBeVisible();

      const worker = context.serviceWorkers()[0];
      expect(worker, 'the service worker').toBeTruthy();
      expect(await worker.evaluate(() => typeof XMLHttpRequest)).toBe('undefined');
      await page.close();
      tap.setOnline(true);
      const from = tap.requests.length;
      // What Background Sync does when the network returns, asked of the worker directly.
      await worker.evaluate(() => {
        const Sync = (self as unknown as { SyncEvent: new (type: string, init: { tag: string }) => Event }).SyncEvent;
        try {
          self.dispatchEvent(new Sync('sync', { tag: 'outbox-replay' }));
        } catch {
          // waitUntil refuses an event the browser did not send; the replay has started all the same.
        }
      });

      const theo = await apiAs('tester');
      await expect.poll(async () => (await postsTitled(theo, title)).length, { timeout: 60_000 }).toBe(1);
      const sent = tap.requests.slice(from).map((r) => `${r.method} ${r.path.replace(/\/uploads\/tus\/[^/?]+/, '/uploads/tus/:id')}`);
      expect(sent.filter((r) => r.startsWith('POST /uploads/tus') || r.startsWith('PATCH'))).toEqual(['POST /uploads/tus', 'PATCH /uploads/tus/:id']);
      const [post] = await postsTitled(theo, title);
      expect(post.scenarios).toHaveLength(1);
      const link = (await (await theo.get(`/api/scenarios/download/${post.scenarios[0].uuid_id}`)).json()) as { url: string };
      expect(sha256(await (await theo.get(link.url)).body())).toBe(sha256(body));
      await theo.dispose();
    });
  });

  test('an attachment cut half-way resumes from what the server has and the post refers to the finished upload', async ({ page }) => {
    test.setTimeout(120_000);
    // (As the tester: the scenario it adds does not change the educator's My Scenarios of other specs.)
    // A 6 MB scenario (JSON), sent in one PATCH; the network drops for a second after 3 MB of it.
    const padding = 'x'.repeat(6 * 1024 * 1024);
    const body = Buffer.from(JSON.stringify({ name: 'Long night shift', scenario: { events: [] }, notes: padding }));
    const file = path.join(work, 'long-night-shift.json');
    fs.writeFileSync(file, body);
    const cutAt = 3 * 1024 * 1024;
    // Requests of this test only (the tap is shared by the tests of this block).
    const from = tap.requests.length;
    const cut = tap.cutNext((r) => r.method === 'PATCH' && r.path.startsWith('/uploads/tus/'), cutAt, 1_000);

    await signedIn(page, 'tester');
    const dialog = await openCreate(page, 'Scenario');
    await dialog.getByRole('button', { name: 'Upload New' }).click();
    await page.getByLabel('Choose scenario files').setInputFiles(file);
    const title = unique('Scenario for the night shift');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
    const first = await cut;
    expect(first.forwarded).toBe(cutAt);

    await expect(postedCard(page, title)).toBeVisible({ timeout: 60_000 });
    const patches = tap.requests.filter((r) => r.method === 'PATCH' && r.path === first.path);
    expect(patches.map((p) => p.headers['upload-offset'] === '0')).toEqual([true, false]);
    // The retry started where the server stopped: none of the bytes it had went again.
    // (The server may drop what was still in flight when the connection died: those bytes it never had.)
    const resumed = patches[1];
    const offset = Number(resumed.headers['upload-offset']);
    expect(offset).toBeGreaterThan(cutAt - 1024 * 1024);
    expect(offset).toBeLessThanOrEqual(cutAt);
    expect(Number(resumed.headers['content-length'])).toBe(body.length - offset);
    expect(tap.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/uploads/tus')).toHaveLength(1);

    // One post, with the scenario the upload became, byte for byte.
    const theo = await apiAs('tester');
    const [post, ...more] = await postsTitled(theo, title);
    expect(more).toHaveLength(0);
    expect(post.scenarios).toHaveLength(1);
    const link = (await (await theo.get(`/api/scenarios/download/${post.scenarios[0].uuid_id}`)).json()) as { url: string };
    const stored = await (await theo.get(link.url)).body();
    expect(sha256(stored)).toBe(sha256(body));
    await theo.dispose();
  });

  test("the wrapper's offline Download hands the kept scenario to scenarioimport, in chunks, byte for byte", async ({ page }) => {
    await installFakeNativeHost(page, { deviceId: 'IPAD-7', product: 'REALITi' });
    await signedIn(page, 'provisioner');
    const lib = (await (await page.request.get('/api/scenarios/0/50/-1/-1/-1')).json()) as { scenarios: { id: number; uuid_id: string; name: string; is_ctgi: boolean; is_processed: boolean; is_favourited_by_current_user: boolean }[] };
    const scenario = lib.scenarios.find((s) => s.is_processed && !s.is_ctgi && !s.is_favourited_by_current_user)!;
    expect(scenario, 'a REALITi scenario to favourite').toBeTruthy();
    const link = (await (await page.request.get(`/api/scenarios/download/${scenario.uuid_id}`)).json()) as { url: string; fileName: string };
    const original = await (await page.request.get(link.url)).body();

    await page.goto(`/scenario/${scenario.uuid_id}`);
    await page.getByRole('button', { name: /^Favourite \(/ }).click();
    await expect(page.getByTestId('offline-badge')).toHaveText('Available offline', { timeout: 20_000 });
    await goOffline(page, tap);
    const before = (await nativeMessages(page)).length;
    await page.getByRole('button', { name: `Download ${scenario.name}` }).click();
    await expect(page.getByText('Sent to the device')).toBeVisible();

    const sent = (await nativeMessages(page)).slice(before) as { name: string; payload: { transfer: string; transferId: string; index?: number; data?: string; size?: number; fileName?: string; chunkCount?: number } }[];
    expect(new Set(sent.map((m) => m.name))).toEqual(new Set(['scenarioimport']));
    const kinds = sent.map((m) => m.payload.transfer);
    expect(kinds[0]).toBe('begin');
    expect(kinds[kinds.length - 1]).toBe('end');
    const begin = sent[0].payload;
    expect(begin).toMatchObject({ fileName: link.fileName, size: original.length });
    const chunks = sent.filter((m) => m.payload.transfer === 'chunk');
    expect(chunks).toHaveLength(begin.chunkCount!);
    expect(chunks.map((c) => c.payload.index)).toEqual(chunks.map((_, i) => i));
    expect(new Set(sent.map((m) => m.payload.transferId)).size).toBe(1);
    const received = Buffer.concat(chunks.map((c) => Buffer.from(c.payload.data!, 'base64')));
    expect(sha256(received)).toBe(sha256(original));

    await goOnline(page, tap);
    await page.getByRole('button', { name: /^Favourited/ }).click();
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  });

  test('with no AbortSignal.timeout and no crypto.randomUUID (iPadOS 15), a post written offline still syncs once', async ({ page }) => {
    await page.addInitScript(() => {
      delete (AbortSignal as unknown as { timeout?: unknown }).timeout;
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    });
    await signedIn(page, 'educator');
    await goOffline(page, tap);
    const title = unique('Sent from iPadOS 15');
    await writePost(page, title);
    await expect(pendingCard(page, title)).toBeVisible();
    await goOnline(page, tap);
    await expect(postedCard(page, title)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
    const emma = await apiAs('educator');
    expect(await postsTitled(emma, title)).toHaveLength(1);
    await emma.dispose();
  });
});

// ---- the Post button on a slow link ------------------------------------------------------------

test.describe('the Post button on a slow link', () => {
  test.use({ serviceWorkers: 'block' });

  test("closes with 'Post created!' as soon as the post is accepted, without waiting for the feed", async ({ page }) => {
    await signedIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();
    // From now on the feed does not answer until the test is over.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => { answer = resolve; });
    await page.route('**/api/forumpost/GetPosts/**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const title = unique('Quick note');
    const dialog = await writePost(page, title);
    await expect(page.getByText('Post created!')).toBeVisible({ timeout: 5_000 });
    await expect(dialog).toHaveCount(0, { timeout: 5_000 });
    answer();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a post whose answer is slow closes the modal, shows as on its way, and is created once', async ({ page }) => {
    await signedIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();
    // The answer is held until the page has said the post is on its way.
    let calls = 0;
    let answer!: () => void;
    const held = new Promise<void>((resolve) => { answer = resolve; });
    await page.route('**/api/forumpost/CreatePost', async (route) => {
      calls++;
      await held;
      await route.continue();
    });
    const title = unique('Over a slow link');
    const dialog = await writePost(page, title);
    await expect(dialog.getByRole('button', { name: 'Posting...' })).toBeVisible();
    await expect(page.getByText('Your post is on its way and will appear in the feed once it is sent')).toBeVisible({ timeout: 12_000 });
    await expect(dialog).toHaveCount(0);
    await expect(pendingCard(page, title)).toContainText('Sending...');
    answer();
    await expect(postedCard(page, title)).toBeVisible({ timeout: 30_000 });
    await expect(pendingCard(page, title)).toHaveCount(0);
    expect(calls).toBe(1);
    const emma = await apiAs('educator');
    expect(await postsTitled(emma, title)).toHaveLength(1);
    await emma.dispose();
  });
});

// ---- nothing stuck --------------------------------------------------------------------------------

test.describe('nothing stuck', () => {
  test.use({ serviceWorkers: 'block' });

  test("a server that keeps answering 'still in progress' is waited for a bounded time, then the post shows Retry and Discard", async ({ page }) => {
    await page.clock.install();
    await signedIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();
    let busy = true;
    let calls = 0;
    await page.route('**/api/forumpost/CreatePost', (route) => {
      calls++;
      if (!busy) return route.continue();
      return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'A request with this Idempotency-Key is still in progress' }) });
    });
    const title = unique('Never confirmed');
    await writePost(page, title);
    await expect(page.getByText('The server could not take your post just now. It will be sent again shortly')).toBeVisible();
    const card = pendingCard(page, title);
    await expect(card).toContainText('Waiting to sync');
    // Two minutes of backoff go by in moments.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(15_000);
          return card.getByRole('button', { name: 'Retry' }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(card).toContainText('Not sent');
    await expect(card).toContainText('The server did not confirm this item in time. Retry to check again, or Discard it.');
    const tries = calls;
    expect(tries).toBeLessThan(12);
    await page.clock.fastForward(600_000);
    expect(calls).toBe(tries);

    // The server has it by now: Retry asks again with the same key, and the post exists once.
    busy = false;
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect(postedCard(page, title)).toBeVisible();
    await expect(pendingCard(page, title)).toHaveCount(0);
    const emma = await apiAs('educator');
    expect(await postsTitled(emma, title)).toHaveLength(1);
    await emma.dispose();
  });
});

// ---- iPad Safari ---------------------------------------------------------------------------------

test.describe('iPad Safari', () => {
  test.use({ userAgent: IPAD_SAFARI, hasTouch: true, serviceWorkers: 'block' });

  test('offers Add to Home Screen once, saying why', async ({ page }) => {
    await signedIn(page, 'tester');
    const offer = page.getByTestId('home-screen-offer');
    await expect(offer.getByRole('heading', { name: 'Add Community to your Home Screen' })).toBeVisible();
    await expect(offer).toContainText('Safari deletes a website\'s data after 7 days without use; the app on your Home Screen keeps it.');
    await offer.getByRole('button', { name: 'Got it' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('feed-count')).toBeVisible();
    await expect(page.getByTestId('home-screen-offer')).toHaveCount(0);
  });

  test("'Offline storage' on the profile shows the space used and persistence, and frees it", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('community.homeScreenOffer', 'seen'));
    await signedIn(page, 'admin');
    const lib = (await (await page.request.get('/api/scenarios/0/50/-1/-1/-1')).json()) as { scenarios: { uuid_id: string; name: string; is_processed: boolean; is_favourited_by_current_user: boolean }[] };
    const scenario = lib.scenarios.find((s) => s.is_processed && !s.is_favourited_by_current_user)!;
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await page.getByRole('button', { name: /^Favourite \(/ }).click();
    await expect(page.getByTestId('offline-badge')).toHaveText('Available offline', { timeout: 20_000 });

    await page.goto('/me');
    const card = page.getByRole('region', { name: 'Offline storage' });
    await expect(card.getByTestId('offline-favourites-size')).not.toHaveText(/^0 B/);
    await expect(card.getByTestId('offline-unsent-size')).toHaveText('0 B (0 items)');
    await expect(card.getByTestId('offline-persistent')).toHaveText(/^(Persistent: the browser keeps it|Not persistent: the browser may clear it when space runs low, and Safari after 7 days without use)$/);
    await card.getByRole('button', { name: 'Free offline storage' }).click();
    await page.getByRole('dialog', { name: 'Free offline storage' }).getByRole('button', { name: 'Free storage' }).click();
    await expect(card.getByTestId('offline-favourites-size')).toHaveText('0 B (0 items)');
    await expect(card.getByText('Favourites are not kept on this device.')).toBeVisible();
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await expect(page.getByRole('button', { name: /^Favourited/ })).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);

    // Turned back on, favourites are kept again.
    await page.goto('/me');
    await card.getByRole('button', { name: 'Keep favourites offline' }).click();
    await expect(card.getByTestId('offline-favourites-size')).not.toHaveText(/^0 B/, { timeout: 20_000 });
    await page.goto(`/scenario/${scenario.uuid_id}`);
    await page.getByRole('button', { name: /^Favourited/ }).click();
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  });
});

// ---- a server killed mid-post ------------------------------------------------------------------

test.describe('a server killed mid-post', () => {
  // A server of this test's own, with a short lease on Idempotency-Keys left pending by a crash
  // (IDEMPOTENCY_LEASE_MS; 30 s by default).
  const port = e2ePort + 1003;
  let server: OwnServer;
  let tap: HttpTap;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tap = await startHttpTap(port, port + 1);
    server = ownServer({ port, dataDir: `${dataDir}-killed`, publicUrl: tap.url, env: { IDEMPOTENCY_LEASE_MS: '1500' } });
    await server.start();
  });
  test.afterAll(async () => {
    await server?.kill();
    await tap?.close();
  });
  test.use({ baseURL: `http://localhost:${e2ePort + 1004}`, serviceWorkers: 'block' });

  test('the post whose request was cut by the crash is delivered once after the restart', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toBeVisible();
    // The server gets the post's headers and the start of its body, and is still reading when it dies.
    const held = tap.holdNext((r) => r.method === 'POST' && r.path === '/api/forumpost/CreatePost', 16);
    const title = unique('Written as the server crashed');
    await writePost(page, title);
    const first = await held;
    const key = first.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const db = new Database(server.dbFile, { readonly: true, fileMustExist: true });
    const state = () => (db.prepare('SELECT state FROM idempotency_keys WHERE key = ?').get(key) as { state: string } | undefined)?.state ?? 'none';
    try {
      await expect.poll(state).toBe('pending');
    } finally {
      db.close();
    }
    await server.kill();
    await expect(pendingCard(page, title)).toContainText('Waiting to sync');

    await server.start();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(postedCard(page, title)).toBeVisible({ timeout: 90_000 });
    await expect(pendingCard(page, title)).toHaveCount(0);
    const replays = tap.requests.filter((r) => r.path === '/api/forumpost/CreatePost' && r.headers['idempotency-key'] === key);
    expect(replays.length).toBeGreaterThanOrEqual(2);
    const check = new Database(server.dbFile, { readonly: true, fileMustExist: true });
    try {
      expect((check.prepare('SELECT count(*) AS n FROM posts WHERE title = ? AND deleted_at IS NULL').get(title) as { n: number }).n).toBe(1);
    } finally {
      check.close();
    }
  });
});
