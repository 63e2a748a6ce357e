// Device licences, pre-release builds and downloads with the fake native host: a
// provisioner claims a seat (kit colour, serial), the licence reaches the native handler, the
// current licence shows, relinquish frees the seat and sends `relinquish`; the browser notice
// without the host; offline the licence shows from the cache and claiming needs a connection; an
// admin creates a contract and reclaims a seat; builds install through manifests served as XML.
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/auth';
import { installFakeNativeHost, nativeMessages } from './support/fake-native-host';
import { startNetSwitch, type NetSwitch } from './support/net-switch';
import { e2ePort } from './support/servers';
/** The seeded 3-seat REALITi agreement of the provisioner's organisation (one seat taken). */
const DEMO_AGREEMENT = 1;

const agreementRow = (page: Page, id: number) => page.getByTestId(`agreement-${id}`);

test('in a plain browser Licensing shows the notice to sign in on the device', async ({ page }) => {
  await signedIn(page, 'provisioner', '/me/provisioning');
  await expect(page.getByRole('heading', { name: 'Licensing' })).toBeVisible();
  await expect(page.getByText('Licences are managed on the device.')).toBeVisible();
  await expect(page.getByText('Please sign in from the app on the iPad you want to license to claim or relinquish its licence.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current License' })).toHaveCount(0);
  await page.goto(`/me/claim/${DEMO_AGREEMENT}`);
  await expect(page.getByText('Licences are managed on the device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'License Current Device' })).toHaveCount(0);
});

test('a provisioner claims a seat on the device, the licence reaches the native handler, and relinquish frees it', async ({ page }) => {
  await installFakeNativeHost(page, { deviceId: 'IPAD-E2E-0042', product: 'REALITi' });
  await signedIn(page, 'provisioner');
  await page.getByRole('link', { name: 'Licensing' }).click();
  await expect(page).toHaveURL(/\/me\/provisioning$/);
  await expect(page.getByText('This device is not licensed. Claim a licence from one of the agreements below.')).toBeVisible();
  await expect(agreementRow(page, DEMO_AGREEMENT).getByTestId('available')).toHaveText('2 of 3 free');
  await agreementRow(page, DEMO_AGREEMENT).getByRole('link', { name: `Claim a licence from agreement ${DEMO_AGREEMENT}` }).click();

  await expect(page).toHaveURL(new RegExp(`/me/claim/${DEMO_AGREEMENT}$`));
  await expect(page.getByTestId('claim-device-id')).toHaveText('IPAD-E2E-0042');
  await expect(page.getByText('Settings > General > About, copy Serial Number')).toBeVisible();
  // Both fields are required, each with its message beside it.
  await page.getByRole('button', { name: 'License Current Device' }).click();
  await expect(page.getByText('Please choose a kit colour')).toBeVisible();
  await expect(page.getByText('Please enter the device serial number')).toBeVisible();
  await page.getByRole('radio', { name: 'Orange' }).check();
  await expect(page.getByTestId('claim-kit-colour')).toHaveText('Orange');
  await expect(page.getByText('Please choose a kit colour')).toHaveCount(0);
  await page.getByLabel('Device serial number').fill('DMPXK2E2E042');
  await page.getByRole('button', { name: 'License Current Device' }).click();

  await expect(page).toHaveURL(/\/me\/provisioning$/);
  await expect(page.getByText('Licence claimed')).toBeVisible();
  const current = page.getByTestId('current-licence');
  await expect(current).toContainText(`Agreement ID${DEMO_AGREEMENT}`);
  await expect(current).toContainText('Device IDIPAD-E2E-0042');
  await expect(current).toContainText('Device SerialDMPXK2E2E042');
  await expect(current).toContainText('Kit ColourOrange');
  for (const m of ['12-Lead ECG', 'Defibrillation', 'Pacing']) await expect(current.getByText(m, { exact: true })).toBeVisible();
  await expect(agreementRow(page, DEMO_AGREEMENT).getByTestId('available')).toHaveText('1 of 3 free');
  await expect(agreementRow(page, DEMO_AGREEMENT).getByText('Device licensed')).toBeVisible();

  const claimed = (await nativeMessages(page)).filter((m) => m.name === 'license');
  expect(claimed).toHaveLength(1);
  const payload = claimed[0].payload as { type: string; license_string: string };
  expect(payload.type).toBe('license');
  expect(payload.license_string).toMatch(/^CL1\.[\w-]+\.[\w-]+$/);
  const body = JSON.parse(Buffer.from(payload.license_string.split('.')[1], 'base64url').toString());
  expect(body).toMatchObject({ did: 'IPAD-E2E-0042', sn: 'DMPXK2E2E042', product: 'REALITi', colour: 'orange', cid: DEMO_AGREEMENT });

  await page.getByRole('button', { name: 'Relinquish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Relinquish this device's licence?");
  await dialog.getByRole('button', { name: 'Relinquish' }).click();
  await expect(page.getByText('The licence was relinquished.')).toBeVisible();
  await expect(page.getByText('This device is not licensed. Claim a licence from one of the agreements below.')).toBeVisible();
  await expect(agreementRow(page, DEMO_AGREEMENT).getByTestId('available')).toHaveText('2 of 3 free');
  const relinquished = (await nativeMessages(page)).filter((m) => m.name === 'relinquish');
  expect(relinquished).toHaveLength(1);
  expect(relinquished[0].payload).toEqual({ license_id: body.lid, device_id: 'IPAD-E2E-0042' });
});

test('a claim the server refuses shows the error after the spec text', async ({ page }) => {
  // The seeded licensed device tries to claim a second seat.
  await installFakeNativeHost(page, { deviceId: 'IPAD-DEMO-0001', product: 'REALITi' });
  await signedIn(page, 'provisioner', '/me/provisioning');
  await expect(page.getByTestId('current-licence')).toContainText('Device SerialDMPXK2ABCD12');
  await page.goto(`/me/claim/${DEMO_AGREEMENT}`);
  await page.getByRole('radio', { name: 'Blue' }).check();
  await page.getByLabel('Device serial number').fill('DMPXK2ABCD12');
  await page.getByRole('button', { name: 'License Current Device' }).click();
  await expect(page.getByRole('dialog')).toContainText('There was an error claiming your license. This device already holds a licence. Relinquish it before claiming another.');
  expect((await nativeMessages(page)).filter((m) => m.name === 'license')).toHaveLength(0);
});

test.describe('offline', () => {
  let net: NetSwitch;
  test.beforeAll(async () => {
    net = await startNetSwitch(e2ePort, e2ePort + 1001);
  });
  test.afterAll(async () => {
    await net?.close();
  });
  test.use({ baseURL: `http://localhost:${e2ePort + 1001}`, serviceWorkers: 'allow' });

  test('the current licence shows from the cache and claiming says it needs a connection', async ({ page }) => {
    await installFakeNativeHost(page, { deviceId: 'IPAD-DEMO-0001', product: 'REALITi' });
    await signedIn(page, 'provisioner', '/me/provisioning');
    await expect(page.getByTestId('current-licence')).toContainText('Device SerialDMPXK2ABCD12');
    // The service worker holds the app's screens (the claim screen loads offline from its precache).
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active && navigator.serviceWorker.controller)), { timeout: 30_000 })
      .toBe(true);
    // The persisted cache (IndexedDB) holds the licence before the network goes.
    await expect.poll(() => page.evaluate(async () => {
      const open = indexedDB.open('community-offline');
      const db = await new Promise<IDBDatabase>((res, rej) => { open.onsuccess = () => res(open.result); open.onerror = () => rej(open.error); });
      const value = await new Promise<unknown>((res) => {
        const req = db.transaction('queryCache').objectStore('queryCache').get('community-query-cache');
        req.onsuccess = () => res(req.result);
        req.onerror = () => res(null);
      });
      db.close();
      return JSON.stringify(value ?? '').includes('DMPXK2ABCD12');
    }), { timeout: 15_000 }).toBe(true);

    // The app's code has finished loading (parts of it load beside the first screen).
    await page.waitForLoadState('networkidle');
    net.setOnline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.getByText('You are offline. This is the licence as last seen; claiming or relinquishing needs a connection.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Relinquish' })).toBeDisabled();
    // Leave and come back inside the app: the licence still shows from the cache.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: 'Licensing' }).click();
    await expect(page.getByTestId('current-licence')).toContainText('Device IDIPAD-DEMO-0001');
    // Open the claim screen inside the app (its Claim links are hidden offline).
    await page.evaluate((id) => {
      window.history.pushState({}, '', `/me/claim/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, DEMO_AGREEMENT);
    await expect(page.getByText('Claiming a licence needs a connection. Please reconnect and try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'License Current Device' })).toBeDisabled();
    net.setOnline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  });
});

test('an admin creates a contract and reclaims a seat', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.getByLabel('User menu').click();
  await page.getByRole('link', { name: 'Licences' }).click();
  await expect(page).toHaveURL(/\/admin\/licences$/);
  for (const key of ['REALITi', 'ALSi', 'CTGi']) await expect(page.getByTestId(`product-${key}`)).toBeVisible();

  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'REALITi' });
  await page.getByLabel('Number of licences').fill('2');
  await page.getByRole('checkbox', { name: 'Pacing' }).check();
  await page.getByLabel('Organisation', { exact: true }).selectOption({ label: 'Canberra Simulation Centre (CSC-2026)' });
  await page.getByRole('button', { name: 'Create contract' }).click();
  await expect(page).toHaveURL(/\/admin\/licences\/contracts\/\d+$/);
  await expect(page.getByRole('heading', { name: /Agreement #\d+: REALITi/ })).toBeVisible();
  await expect(page.getByTestId('board-seats')).toHaveText('0 used of 2 · 2 free');
  await expect(page.getByText('No seats are in use.')).toBeVisible();

  await page.getByRole('link', { name: 'Licences' }).first().click();
  await page.getByRole('link', { name: `Seats of agreement ${DEMO_AGREEMENT}` }).click();
  const seat = page.getByTestId('seat-IPAD-DEMO-0001');
  await expect(seat).toContainText('DMPXK2ABCD12');
  await expect(seat).toContainText('Blue');
  await expect(seat).toContainText('Priya Provisioner');
  await seat.getByRole('button', { name: 'Reclaim the seat of IPAD-DEMO-0001' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reclaim' }).click();
  await expect(page.getByText('The seat was reclaimed.')).toBeVisible();
  await expect(page.getByText('No seats are in use.')).toBeVisible();
  await expect(page.getByTestId('board-seats')).toHaveText('0 used of 3 · 3 free');
});

test('pre-release builds install through a manifest served as XML; apps without a build say so', async ({ page }) => {
  await signedIn(page, 'tester');
  await page.getByRole('link', { name: 'Pre-Release' }).click();
  const alsi = page.getByTestId('pre-release-alsi');
  await expect(alsi).toContainText('2.4.0');
  await expect(alsi).toContainText('alsi.plist');
  await expect(page.getByTestId('pre-release-demo')).toContainText('No pre-release build yet');
  const href = await alsi.getByRole('link', { name: 'Download ALSi' }).getAttribute('href');
  expect(href).toBe('/api/prerelease/download/alsi');
  const res = await page.request.get(href!, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  const location = res.headers()['location'];
  expect(location).toMatch(/^itms-services:\/\/\?action=download-manifest&url=/);
  const manifest = await page.request.get(decodeURIComponent(location.split('url=')[1]));
  expect(manifest.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await manifest.text()).toContain('<string>com.isimulate.alsi</string>');
  // A Download of an app without a build lands back on the page with the reason, not on raw JSON.
  await page.goto('/api/prerelease/download/demo');
  await expect(page).toHaveURL(/\/me\/pre-release\?error=/);
  await expect(page.getByRole('alert')).toHaveText('There is no pre-release build of Demo yet.');
});

test('the CTGi 3.10.1 install link points at a real manifest served as XML', async ({ page }) => {
  await signedIn(page, 'educator', '/me/downloads');
  const link = page.getByRole('link', { name: 'Install CTGi 3.10.1' });
  await expect(link).toBeVisible();
  await expect(page.getByText('Settings > General > VPN & Device Management')).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^itms-services:\/\/\?action=download-manifest&url=/);
  const manifest = await page.request.get(decodeURIComponent(href.split('url=')[1]));
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await manifest.text();
  expect(xml).toContain('<string>com.isimulate.ctgi</string>');
  expect(xml).toContain('<string>3.10.1</string>');
  const ipa = /<key>url<\/key>\s*<string>([^<]+)<\/string>/.exec(xml)![1].replace(/&amp;/g, '&');
  const file = await page.request.get(ipa);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
});
