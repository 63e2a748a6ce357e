// Scenarios end to end: browse, filter, search, paginate, view, favourite, copy, edit with the
// leave prompt, privacy toggle, delete, my scenarios and folders, uploads with mixed files, and an
// upload interrupted by going offline and resumed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, signIn } from './support/auth';
import { installFakeNativeHost, nativeMessages } from './support/fake-native-host';

const FIXTURES = path.resolve('src/server/db/seed/fixtures/scenarios');

test.use({ screenshot: 'only-on-failure' });

async function openScenarioNamed(page: Page, name: string) {
  await page.goto(`/scenarios?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The library total for a filter, straight from the API (age and condition -1 for All, tags '-1' for none). */
async function libraryTotal(page: Page, age: number, condition: number, tags = '-1'): Promise<number> {
  const res = await page.request.get(`/api/scenarios/0/1/${age}/${condition}/-1/${tags}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/**
 * The list keeps showing the previous page while the filtered one loads, so wait until the count
 * line shows the filtered total before reading the cards.
 */
async function expectFilteredCount(page: Page, total: number, perPage = 10) {
  await expect(page.getByTestId('result-count')).toHaveText(`Showing 1-${Math.min(perPage, total)} of ${total} scenario(s)`);
}

test('browse, filter by condition and age, search, clear and paginate the library', async ({ page }) => {
  await signedIn(page, 'educator');
  await page.getByRole('link', { name: 'Scenarios', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Scenarios', level: 1 })).toBeVisible();
  await expect(page.getByTestId('result-count')).toContainText('Showing 1-10 of');
  const all = await libraryTotal(page, -1, -1);

  // Patient Condition codes: 0 Stable, 1 Deteriorating, 2 Cardiac Arrest (All is -1).
  const stable = await libraryTotal(page, -1, 0);
  expect(stable).toBeGreaterThan(0);
  expect(stable).toBeLessThan(all);
  await page.getByLabel('Patient Condition').selectOption({ label: 'Stable' });
  await expect(page).toHaveURL(/condition=0/);
  await expectFilteredCount(page, stable);
  const cards = page.getByTestId('scenario-card');
  await expect(cards).toHaveCount(Math.min(10, stable));
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Stable');

  const neonateStable = await libraryTotal(page, 0, 0);
  expect(neonateStable).toBeGreaterThan(0);
  expect(neonateStable).toBeLessThan(stable);
  await page.getByLabel('Patient Age').selectOption({ label: 'Neonate' });
  await expect(page).toHaveURL(/age=0/);
  await expectFilteredCount(page, neonateStable);
  await expect(cards).toHaveCount(Math.min(10, neonateStable));
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Neonate[\s\S]*Stable/);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/scenarios$/);
  await page.getByLabel('Search scenarios').fill('Asthma child!');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: 'Acute severe asthma in a child' })).toBeVisible();
  await expect(cards).toHaveCount(1);

  await page.getByLabel('Search scenarios').fill('nothing-matches-this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No Results Found.')).toBeVisible();
  await expect(page.getByText("We couldn't find any results matching those criteria.")).toBeVisible();

  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Per page').selectOption('5');
  await expect(cards).toHaveCount(5);
  const firstOnPage1 = await cards.first().innerText();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('result-count')).toContainText('Showing 6-10 of');
  expect(await cards.first().innerText()).not.toBe(firstOnPage1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('result-count')).toContainText('Showing 11-15 of');
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect(page.getByTestId('result-count')).toContainText('Showing 6-10 of');

  // Tag filter: selecting a tag narrows the list to scenarios carrying it.
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByPlaceholder('Search tags').fill('obstet');
  await page.getByRole('group', { name: 'Tags' }).getByText('Obstetrics').click();
  await expect(page).toHaveURL(/[?&]tags=\d+$/);
  const obstetrics = await libraryTotal(page, -1, -1, new URL(page.url()).searchParams.get('tags')!);
  expect(obstetrics).toBeGreaterThan(0);
  await expectFilteredCount(page, obstetrics);
  await expect(cards).toHaveCount(Math.min(10, obstetrics));
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Obstetrics');
});

test('the Add Scenario menu offers Upload Scenario and, outside the native app, Create Scenario', async ({ page }) => {
  await signedIn(page, 'educator', '/scenarios');
  await page.getByText('Add Scenario').click();
  await expect(page.getByRole('link', { name: 'Create Scenario' })).toBeVisible();
  await page.getByRole('link', { name: 'Upload Scenario' }).click();
  await expect(page).toHaveURL(/\/scenarios\/upload$/);
});

test('view a scenario, favourite it and add a copy to My Scenarios', async ({ page }) => {
  await signedIn(page, 'paramedic');
  await openScenarioNamed(page, 'Inferior STEMI in the emergency department');
  await expect(page.getByTestId('duration')).toHaveText('15 min 0 sec');
  await expect(page.getByRole('img', { name: 'Patient' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const fav = page.getByRole('button', { name: /Favourite/ });
  const wasOn = (await fav.getAttribute('aria-pressed')) === 'true';
  await fav.click();
  await expect(page.getByRole('button', { name: wasOn ? /^☆ Favourite/ : /Favourited/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add to My Scenarios' }).click();
  await expect(page.getByText('You have saved a copy of Inferior STEMI in the emergency department')).toBeVisible();
  await page.goto('/me/scenarios');
  await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
  await expect(page.getByTestId('scenario-card').first()).toContainText('Inferior STEMI in the emergency department');
  await expect(page.getByTestId('scenario-card').first()).toContainText('Private');
});

test("a scenario without a time limit shows 'No Time Limit'", async ({ page }) => {
  await signedIn(page, 'educator');
  await openScenarioNamed(page, 'Witnessed VF arrest');
  await expect(page.getByTestId('duration')).toHaveText('No Time Limit');
});

test('edit with the leave prompt, toggle privacy with its confirmation, then delete', async ({ page }) => {
  await signedIn(page, 'tester');
  // Make an own scenario: a copy of a public one (private, processed and publishable).
  const list = await (await page.request.get('/api/scenarios/0/1/-1/-1/croup/-1')).json();
  const res = await page.request.post(`/api/scenarios/copy/${list.scenarios[0].id}`, { headers: { Origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(200);
  const copy = await res.json();
  await page.goto(`/scenario/${copy.uuid_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Croup at night' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Description').fill('A toddler with stridor at rest at 2 am.');
  await page.getByRole('link', { name: 'Back to scenario' }).click();
  await expect(page.getByText('Leave without saving changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Updated!' })).toContainText('Your scenario has been updated.');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('link', { name: 'Back to scenario' }).click();
  await expect(page.getByText('A toddler with stridor at rest at 2 am.')).toBeVisible();

  await page.getByRole('button', { name: 'Make Public' }).click();
  await expect(page.getByText('Public scenarios are publicly visible in Scenarios.')).toBeVisible();
  // Going public asks once for the owner's de-identification confirmation.
  await page.getByRole('dialog').getByRole('checkbox', { name: /No real patient can be identified/ }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Make Public' }).click();
  await expect(page.getByRole('dialog', { name: 'Updated!' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Make Private' }).click();
  await expect(page.getByText('Private scenarios are not visible in Scenarios, but may be attached to Group Posts.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Scenario' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Scenario' }).click();
  await expect(page.getByRole('dialog', { name: 'Deleted!' })).toContainText('Scenario deleted.');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/me\/scenarios$/);
  expect((await page.request.get(`/api/scenarios/${copy.uuid_id}`)).status()).toBe(404);
});

test('my scenarios: folders, sorting, the broken-file notice and the empty state', async ({ page }) => {
  await signIn(page, 'educator');
  await page.goto('/me/scenarios');
  await expect(page.getByRole('heading', { name: 'My Scenarios' })).toBeVisible();
  await expect(page.getByTestId('scenario-card')).toHaveCount(5);
  // The demo's broken file, on whichever page it is now: other spec files on this server may have
  // uploaded as the educator since (five to a page, newest first).
  const notice = page.getByText('We could not read this scenario file.');
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
  await expect
    .poll(async () => {
      if (await notice.isVisible()) return true;
      if ((await next.count()) && (await next.isEnabled())) await next.click();
      return false;
    }, { message: 'the broken-file notice on one of the pages' })
    .toBe(true);
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /Arrhythmias/ }).click();
  await expect(page).toHaveURL(/\/me\/scenarios\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('navigation', { name: 'Folder', exact: true })).toContainText('Cardiology');
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
  // The previous list stays on screen while the folder's loads: wait until the unfiled broken file has gone.
  await expect(page.getByTestId('scenario-card').filter({ hasText: 'corrupted-export' })).toHaveCount(0);
  await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
  const cardNames = () => page.getByTestId('scenario-card').locator('h3').allInnerTexts();
  await expect.poll(async () => {
    const names = await cardNames();
    return names.length > 0 && names.join('\n') === [...names].sort((a, b) => a.localeCompare(b)).join('\n');
  }).toBe(true);
  // A folder with nothing in it yet.
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /Obstetrics/ }).click();
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload Scenario' }).last()).toHaveAttribute('href', '/scenarios/upload');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'provisioner');
  await page.goto('/me/scenarios');
  await expect(page.getByText("You haven't contributed any of this content yet!")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload Scenario' }).last()).toBeVisible();
});

test('view user shows details, public scenarios and favourites', async ({ page }) => {
  await signedIn(page, 'paramedic');
  await openScenarioNamed(page, 'Stable angina review');
  await page.getByRole('link', { name: 'Emma Educator' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emma Educator' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Public Scenarios' }).getByTestId('scenario-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Favourite Scenarios' })).toBeVisible();
});

test('inside the native app a CTGi device sees only CTGi downloads and hands them to the wrapper', async ({ page }) => {
  await installFakeNativeHost(page, { deviceId: 'IPAD-CTG-1', product: 'CTGi' });
  await signedIn(page, 'educator', '/scenarios?q=neonatal');
  const cards = page.getByTestId('scenario-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText('Add Scenario')).toBeVisible();
  await page.getByText('Add Scenario').click();
  await expect(page.getByRole('link', { name: 'Create Scenario' })).toHaveCount(0);
  // A public .ctgi scenario from the demo data ('Newborn needing inflation breaths' is private, so not in the library).
  const ctgi = cards.filter({ hasText: 'Neonatal bradycardia' });
  await ctgi.getByRole('button', { name: /Download/ }).click();
  await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'scenarioimport').length).toBe(1);
  const msg = (await nativeMessages(page)).find((m) => m.name === 'scenarioimport')!.payload as { url: string; fileName: string };
  expect(msg.fileName).toMatch(/\.ctgi$/);
  // A non-CTGi file (.isims) has no download on a CTGi device. (The demo asthma scenario is itself a .ctgi file.)
  await page.goto('/scenarios?q=bronchiolitis');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('button', { name: /Download/ })).toHaveCount(0);
});

test('upload a folder with good and bad files and see each row\'s status, with a link to each new scenario', async ({ page }) => {
  await signedIn(page, 'educator', '/scenarios/upload');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scen-upload-'));
  for (const f of ['paediatric-asthma.isims', 'chest-pain-stemi.json', 'notes.txt', 'not-a-scenario.json']) fs.copyFileSync(path.join(FIXTURES, f), path.join(dir, f));
  const input = page.locator('input[type=file][webkitdirectory]').first();
  await input.setInputFiles(dir);
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(row('paediatric-asthma.isims')).toContainText('Upload complete', { timeout: 30_000 });
  await expect(row('chest-pain-stemi.json')).toContainText('Upload complete');
  await expect(row('notes.txt')).toContainText('Only .isims, .ctgi, .alsi and .json files can be uploaded');
  await expect(row('not-a-scenario.json')).toContainText('This file is not a valid scenario file');
  // Each uploaded file links to its new scenario; a refused one has no link.
  await expect(row('notes.txt').getByRole('link')).toHaveCount(0);
  await expect(row('chest-pain-stemi.json').getByRole('link', { name: 'View chest-pain-stemi.json' })).toHaveAttribute('href', /^\/scenario\/[0-9a-f-]{36}$/);
  await row('paediatric-asthma.isims').getByRole('link', { name: 'View paediatric-asthma.isims' }).click();
  await expect(page).toHaveURL(/\/scenario\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Paediatric severe asthma' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/me/scenarios');
  await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
  await expect(page.getByTestId('scenario-card').filter({ hasText: 'Paediatric severe asthma' })).toBeVisible({ timeout: 20_000 });
});

/** A JSON scenario of about 20-25 MB: two tus chunks of 16 MB. */
function writeLargeScenario(fileName: string, title: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scen-big-')), fileName);
  const events = Array.from({ length: 380_000 }, (_, i) => ({ time: i, title: `Event number ${i} with some padding text` }));
  fs.writeFileSync(file, JSON.stringify({ format: 'realiti-scenario', version: 1, name: title, events }));
  return file;
}

/** Records tus creations and PATCH offsets; `drop(offset)` says whether to cut that PATCH off. */
async function watchTus(page: Page, drop: (offset: number) => Promise<boolean> | boolean) {
  const seen = { creations: 0, patchOffsets: [] as number[] };
  await page.route('**/uploads/tus**', async (route) => {
    const req = route.request();
    if (req.method() === 'POST') seen.creations++;
    if (req.method() !== 'PATCH') return route.continue();
    const offset = Number(req.headers()['upload-offset']);
    seen.patchOffsets.push(offset);
    if (await drop(offset)) return route.abort('internetdisconnected');
    return route.continue();
  });
  return seen;
}

test('an upload interrupted by going offline resumes from its offset when the network returns', async ({ page, context }) => {
  await signedIn(page, 'educator', '/scenarios/upload');
  const file = writeLargeScenario('large-scenario.json', 'Large scenario');
  const size = fs.statSync(file).size;
  expect(size).toBeGreaterThan(16 * 1024 * 1024);
  let cut = false;
  // The network goes away as the second chunk starts.
  const tus = await watchTus(page, async (offset) => {
    if (offset === 0 || cut) return false;
    cut = true;
    await context.setOffline(true);
    return true;
  });
  // The cut chunk has failed in the page before the network comes back.
  const chunkFailed = page.waitForEvent('requestfailed', { predicate: (r) => r.url().includes('/uploads/tus') && r.method() === 'PATCH', timeout: 30_000 });
  await page.getByLabel('Choose files to upload').setInputFiles(file);
  await expect.poll(() => cut, { timeout: 30_000 }).toBe(true);
  await chunkFailed;
  await context.setOffline(false);

  const row = page.getByRole('row').filter({ hasText: 'large-scenario.json' });
  await expect(row).toContainText('Upload complete', { timeout: 60_000 });
  // One upload, resumed: created once, the first chunk sent once, and every later PATCH starts
  // where the server had got to (not from byte 0).
  expect(tus.creations).toBe(1);
  expect(tus.patchOffsets.filter((o) => o === 0)).toHaveLength(1);
  expect(tus.patchOffsets.filter((o) => o === 16 * 1024 * 1024).length).toBeGreaterThanOrEqual(2);
  const mine = (await (await page.request.get('/api/scenarios/myscenarios/0/50/contributedAt/DESC')).json()) as { scenarios: { file_name: string; file_size: number }[] };
  expect(mine.scenarios.find((x) => x.file_name === 'large-scenario.json')?.file_size).toBe(size);
});

test('after a reload the unfinished upload is listed, and choosing the file again resumes it', async ({ page }) => {
  await signedIn(page, 'educator', '/scenarios/upload');
  const file = writeLargeScenario(`reload-scenario-${Date.now()}.json`, 'Reloaded scenario');
  const name = path.basename(file);
  // After the first chunk the connection is gone until the test brings it back.
  let networkDown = true;
  const tus = await watchTus(page, (offset) => offset > 0 && networkDown);
  await page.getByLabel('Choose files to upload').setInputFiles(file);
  await expect.poll(() => tus.patchOffsets.some((o) => o > 0), { timeout: 30_000 }).toBe(true);

  await page.reload();
  const unfinished = page.getByTestId('queued-upload').filter({ hasText: name });
  await expect(unfinished).toContainText('Choose the same file again to resume.');
  await expect(unfinished).toContainText(/16 MiB of \d+ MiB uploaded/);
  // It counts as waiting to sync until it is done.
  await expect(page.getByTestId('sync-count')).toBeVisible();

  networkDown = false;
  await page.getByLabel('Choose files to upload').setInputFiles(file);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Upload complete', { timeout: 60_000 });
  await expect(page.getByTestId('queued-upload')).toHaveCount(0);
  expect(tus.creations).toBe(1);
  expect(tus.patchOffsets.filter((o) => o === 0)).toHaveLength(1);
  const mine = (await (await page.request.get('/api/scenarios/myscenarios/0/50/contributedAt/DESC')).json()) as { scenarios: { file_name: string; file_size: number }[] };
  expect(mine.scenarios.find((x) => x.file_name === name)?.file_size).toBe(fs.statSync(file).size);
});

test('inside the native app, device scenarios are imported: Import from REALITi, Select all, Upload Selected', async ({ page }) => {
  const stamp = Date.now();
  const good = `device-import-${stamp}.json`;
  await installFakeNativeHost(page, {
    deviceId: 'IPAD-1234',
    product: 'REALITi',
    responses: {
      getscenariospath: { files: [`/Documents/Scenarios/${good}`, '/Documents/Scenarios/readme.txt'] },
      getscenariofile: { base64: fs.readFileSync(path.join(FIXTURES, 'chest-pain-stemi.json')).toString('base64') },
    },
  });
  await signedIn(page, 'educator', '/scenarios/upload');
  const table = page.getByRole('region', { name: 'Import from the device' });
  await table.getByRole('button', { name: 'Import from REALITi' }).click();
  await expect(table.getByRole('row').filter({ hasText: good })).toBeVisible();
  // A file of another type is listed with the reason and cannot be chosen.
  const other = table.getByRole('row').filter({ hasText: 'readme.txt' });
  await expect(other).toContainText('.isims');
  await expect(other.getByRole('checkbox')).toBeDisabled();

  await table.getByRole('button', { name: 'Select all' }).click();
  await expect(table.getByRole('checkbox', { name: `Upload ${good}` })).toBeChecked();
  await table.getByRole('button', { name: 'Upload Selected' }).click();
  await expect(table.getByRole('row').filter({ hasText: good })).toContainText('Upload complete');

  const asked = (await nativeMessages(page)).filter((m) => m.name === 'getscenariofile');
  expect(asked).toHaveLength(1);
  expect(asked[0].payload).toMatchObject({ path: `/Documents/Scenarios/${good}` });
  const mine = (await (await page.request.get('/api/scenarios/myscenarios/0/50/contributedAt/DESC')).json()) as { scenarios: { file_name: string }[] };
  expect(mine.scenarios.map((x) => x.file_name)).toContain(good);
});
