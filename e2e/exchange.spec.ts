// Scenario exchange end to end: an upload with a chosen licence made public with the de-identification
// confirmation; a new version with its change note, seen as a notification by a user who favourited
// it, with the history and the earlier version's download; a rating and review; the profile's default
// licence. Screens are captured at 1024, 768 and 390 px.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { scenarioFileBytes } from '../src/server/db/seed/fixtures/scenarios/scenario-files';
import { signedIn } from './support/auth';
import { startNetSwitch } from './support/net-switch';
import { waitForServiceWorker } from './support/offline-state';
import { e2ePort } from './support/servers';

test.use({ screenshot: 'only-on-failure' });
test.describe.configure({ mode: 'serial' });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-exchange-'));
const shots = path.join(os.tmpdir(), 'e2e-exchange-shots');
fs.mkdirSync(shots, { recursive: true });
const stamp = Date.now().toString(36);
const NAME = `Exchange hypoglycaemia ${stamp}`;

function scenarioFile(fileName: string, description: string): string {
  const p = path.join(work, fileName);
  fs.writeFileSync(p, scenarioFileBytes({ name: NAME, description, ageClass: 2, condition: 1 }, '.json'));
  return p;
}

async function pageOf(browser: Browser, user: 'paramedic' | 'tester' | 'educator') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, user);
  return { context, page };
}

async function capture(page: Page, name: string) {
  for (const width of [1024, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

let uuid = '';

test('upload with a licence, then make it public with the de-identification confirmation', async ({ page }) => {
  await signedIn(page, 'tester', '/scenarios/upload');
  await page.getByLabel('Licence for these uploads').selectOption({ label: 'CC BY 4.0' });
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByLabel('Choose files to upload').setInputFiles(scenarioFile('exchange-hypo.json', 'Confusion and sweating in a diabetic patient.'));
  await expect(page.getByTestId('upload-row').filter({ hasText: 'exchange-hypo.json' })).toContainText('Upload complete');
  await capture(page, 'upload-licence');

  // Find it, give it a tag (publishable), then make it public from its page.
  await expect.poll(async () => {
    const mine = (await (await page.request.get('/api/scenarios/myscenarios/0/50/contributedAt/DESC')).json()) as { scenarios: { uuid_id: string; name: string; is_processed: boolean }[] };
    const found = mine.scenarios.find((s) => s.name === NAME && s.is_processed);
    uuid = found?.uuid_id ?? '';
    return uuid;
  }, { timeout: 30_000 }).not.toBe('');
  const tags = (await (await page.request.get('/api/alltags')).json()) as { id: number }[];
  const origin = new URL(page.url()).origin;
  const tagged = await page.request.patch(`/api/scenarios/edit/${uuid}`, { data: { tags: [tags[0].id] }, headers: { Origin: origin } });
  expect(tagged.status(), await tagged.text()).toBe(200);

  await page.goto(`/scenario/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByTestId('licence')).toContainText('CC BY 4.0');
  await page.getByRole('button', { name: 'Make Public' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /No real patient can be identified/ }).check();
  await dialog.getByRole('button', { name: 'Make Public' }).click();
  await expect(page.getByRole('dialog', { name: 'Updated!' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('deidentified')).toContainText('De-identification confirmed by Theo Tester');

  // The licence can be changed on edit too.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Licence')).toHaveValue('cc-by-4.0');
});

test('a new version with a change note notifies who favourited it; history and the earlier version download', async ({ page, browser }) => {
  test.skip(!uuid, 'needs the uploaded scenario');
  const before = await pageOf(browser, 'paramedic');
  const origin = new URL(before.page.url()).origin;
  const fav = await before.page.request.post(`/api/scenarios/togglefavourite/${uuid}`, { headers: { Origin: origin, 'Idempotency-Key': crypto.randomUUID() } });
  expect((await fav.json()).is_favourited).toBe(true);
  await before.context.close();

  await signedIn(page, 'tester', `/scenario/${uuid}`);
  const versions = page.getByTestId('versions');
  await expect(versions).toContainText('Version 1');
  // The change note is required.
  await versions.getByRole('button', { name: 'Upload new version' }).click();
  await expect(versions.getByRole('alert')).toHaveText('Describe what changed in this version.');
  await versions.getByLabel('What changed').fill('Added a repeat glucose after treatment.');
  await versions.getByLabel('Scenario file').setInputFiles(scenarioFile('exchange-hypo-v2.json', 'Now with a repeat glucose.'));
  await versions.getByRole('button', { name: 'Upload new version' }).click();
  await expect(page.getByText('Version 2 uploaded.')).toBeVisible();
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('Added a repeat glucose after treatment.');
  await expect(page).toHaveURL(new RegExp(`/scenario/${uuid}$`));
  await capture(page, 'versions');

  // The fan (a fresh session: nothing cached) sees the notification and follows it to the same page.
  const fan = await pageOf(browser, 'paramedic');
  try {
    await fan.page.getByLabel(/^Notifications/).click();
    const item = fan.page.getByRole('button', { name: new RegExp(`A new version of ${NAME} is available`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Added a repeat glucose after treatment.');
    await item.click();
    await expect(fan.page).toHaveURL(new RegExp(`/scenario/${uuid}$`));
    await expect(fan.page.getByTestId('version')).toHaveText('Version 2');

    // The earlier version downloads with its own file name.
    const [download] = await Promise.all([
      fan.page.waitForEvent('download'),
      fan.page.getByTestId('versions').getByRole('button', { name: 'Download version 1' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('exchange-hypo.json');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain('Confusion and sweating');
  } finally {
    await fan.context.close();
  }
});

test('who favourited it rates and reviews it; the average shows on the card', async ({ page }) => {
  test.skip(!uuid, 'needs the uploaded scenario');
  await signedIn(page, 'paramedic', `/scenario/${uuid}`);
  const reviews = page.getByTestId('reviews');
  await expect(reviews).toContainText('No reviews yet.');
  await reviews.getByRole('button', { name: 'Save review' }).click();
  await expect(reviews.getByRole('alert')).toHaveText('Choose a rating from 1 to 5.');
  await reviews.getByLabel('4 stars').check();
  await reviews.getByLabel('Review (optional)').fill('Clear cues; my students found the glucose in time.');
  await reviews.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Your review has been saved.')).toBeVisible();
  await expect(reviews.getByRole('listitem')).toContainText('Clear cues; my students found the glucose in time.');
  await expect(reviews.getByTestId('rating')).toContainText('★ 4 (1 rating)');
  await capture(page, 'reviews');

  // Changed, not added: still one review.
  await reviews.getByLabel('5 stars').check();
  await reviews.getByRole('button', { name: 'Save review' }).click();
  await expect(reviews.getByTestId('rating')).toContainText('★ 5 (1 rating)');
  await expect(reviews.getByRole('listitem')).toHaveCount(1);

  // The library card shows the average; sorting by rating works from the page.
  await page.goto(`/scenarios?q=${encodeURIComponent(NAME)}`);
  await expect(page.getByTestId('scenario-card').filter({ hasText: NAME }).getByTestId('rating')).toContainText('★ 5 (1 rating)');
  await page.getByLabel('Sort').selectOption({ label: 'Best rated' });
  await expect(page).toHaveURL(/sort=rating/);
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
});

test('a reported review reaches the moderators: ignore a report, then delete the review', async ({ page, browser }) => {
  test.skip(!uuid, 'needs the uploaded scenario');
  // The owner and the educator report the fan's review (as a person would from its page).
  for (const user of ['tester', 'educator'] as const) {
    const { context, page: p } = await pageOf(browser, user);
    const origin = new URL(p.url()).origin;
    const reviews = (await (await p.request.get(`/api/exchange/scenarios/${uuid}/reviews`)).json()) as { reviews: { id: number; body: string | null }[] };
    const id = reviews.reviews.find((r) => r.body?.startsWith('Clear cues'))!.id;
    const res = await p.request.post(`/api/exchange/reviews/${id}/report`, { headers: { Origin: origin } });
    expect(res.status(), await res.text()).toBe(200);
    await context.close();
  }
  await signedIn(page, 'admin', '/admin/reported');
  const section = page.getByTestId('reported-reviews');
  await expect(section.getByRole('heading', { name: 'Reported reviews' })).toBeVisible();
  const ours = section.getByTestId('reported-review').filter({ hasText: NAME });
  await expect(ours).toHaveCount(2);
  await expect(ours.first()).toContainText('Clear cues; my students found the glucose in time.');
  await expect(ours.first()).toContainText('5 stars');
  await capture(page, 'reported-reviews');
  await ours.filter({ hasText: 'Reported by Theo Tester' }).getByRole('button', { name: 'Ignore' }).click();
  await expect(page.getByText('Report ignored')).toBeVisible();
  await expect(ours).toHaveCount(1);
  await ours.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Review deleted')).toBeVisible();
  await expect(ours).toHaveCount(0);
  // The scenario no longer counts the rating.
  await page.goto(`/scenario/${uuid}`);
  await expect(page.getByTestId('reviews')).toContainText('No reviews yet.');
});

test('the profile shows the default licence', async ({ page }) => {
  await signedIn(page, 'tester', '/me');
  await expect(page.getByRole('heading', { name: 'Sharing' })).toBeVisible();
  await expect(page.getByLabel('Licence for new uploads')).toHaveValue('cc-by-4.0');
  await capture(page, 'profile');
});

test('a kept offline copy is replaced by the new version once the device is online again', async ({ browser }) => {
  test.skip(!uuid, 'needs the uploaded scenario');
  // The fan's iPad reaches the server through a pass-through that can lose the network, with the
  // service worker of the production build serving the kept file offline.
  const net = await startNetSwitch(e2ePort, e2ePort + 60);
  const context = await browser.newContext({ baseURL: net.url, serviceWorkers: 'allow' });
  const fan = await context.newPage();
  const keptVersion = () =>
    fan.evaluate(async (key) => {
      const open = indexedDB.open('community-offline');
      const db = await new Promise<IDBDatabase>((res, rej) => {
        open.onsuccess = () => res(open.result);
        open.onerror = () => rej(open.error);
      });
      const row = await new Promise<{ status: string; fileName: string; item?: { version?: number } } | undefined>((res) => {
        const req = db.transaction('favourites').objectStore('favourites').get(key);
        req.onsuccess = () => res(req.result as never);
        req.onerror = () => res(undefined);
      });
      db.close();
      return row ? `${row.status} v${row.item?.version ?? 0} ${row.fileName}` : 'none';
    }, `scenario:${uuid}`);
  try {
    await signedIn(fan, 'paramedic');
    await waitForServiceWorker(fan);
    // Favourited in the version test: kept on this device at version 2.
    await fan.goto(`/scenario/${uuid}`);
    await expect(fan.getByTestId('offline-badge')).toHaveText('Available offline', { timeout: 20_000 });
    await expect.poll(keptVersion, { timeout: 20_000 }).toBe('stored v2 exchange-hypo-v2 (v2).json');

    // The device is offline while the owner posts version 3.
    await fan.waitForLoadState('networkidle');
    net.setOnline(false);
    await fan.evaluate(() => window.dispatchEvent(new Event('offline')));
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await signedIn(ownerPage, 'tester');
    const origin = new URL(ownerPage.url()).origin;
    const posted = await ownerPage.request.post(`/api/exchange/scenarios/${uuid}/versions`, {
      headers: { Origin: origin },
      multipart: {
        change_note: 'Version three: a second blood glucose.',
        scenFile: { name: 'exchange-hypo-v3.json', mimeType: 'application/json', buffer: fs.readFileSync(scenarioFile('exchange-hypo-v3.json', 'Third version with a second blood glucose.')) },
      },
    });
    expect(posted.status(), await posted.text()).toBeLessThan(300);
    await owner.close();
    // Still the old copy while offline.
    expect(await keptVersion()).toBe('stored v2 exchange-hypo-v2 (v2).json');

    // Back online, the next visit refreshes the kept copy.
    net.setOnline(true);
    await fan.evaluate(() => window.dispatchEvent(new Event('online')));
    await fan.reload();
    await expect.poll(keptVersion, { timeout: 30_000 }).toBe('stored v3 exchange-hypo-v3 (v3).json');

    // Offline again: the page and the download are the new version's.
    await fan.waitForLoadState('networkidle');
    net.setOnline(false);
    await fan.evaluate(() => window.dispatchEvent(new Event('offline')));
    await fan.goto(`/scenario/${uuid}`);
    await expect(fan.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(fan.getByTestId('offline-badge')).toHaveText('Available offline');
    const [download] = await Promise.all([fan.waitForEvent('download'), fan.getByRole('button', { name: `Download ${NAME}` }).click()]);
    expect(download.suggestedFilename()).toBe('exchange-hypo-v3 (v3).json');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain('Third version with a second blood glucose.');
  } finally {
    net.setOnline(true);
    await context.close();
    await net.close();
  }
});
