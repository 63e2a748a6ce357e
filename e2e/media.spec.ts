// Media end to end: upload, processing and review notices, admin approve/decline ('Other'),
// the owner reading the reason, library browsing and filters, edit with the unsaved-changes
// prompt, delete, browser download and the native hand-off of a download.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/auth';
import { installFakeNativeHost, nativeMessages } from './support/fake-native-host';

const FIXTURES = path.resolve('src/server/db/seed/fixtures/media');
const run = Date.now().toString(36);
const imageA = `e2e-${run}-monitor`;
const imageB = `e2e-${run}-trolley`;
const video = `e2e-${run}-clip`;

const file = (name: string, fixture: string, mimeType: string) => ({ name, mimeType, buffer: fs.readFileSync(path.join(FIXTURES, fixture)) });
const myCard = (page: Page, name: string) => page.getByTestId('my-media-card').filter({ has: page.getByRole('heading', { name }) });

test.describe.configure({ mode: 'serial' });

test('upload images and a video, see processing then the pending notice', async ({ page }) => {
  await signedIn(page, 'educator', '/media/upload');
  await expect(page.getByText('Drop your media files here to upload to Community.')).toBeVisible();
  await page.getByLabel('Choose files to upload').setInputFiles([
    file(`${imageA}.png`, 'patient-monitor.png', 'image/png'),
    file(`${imageB}.jpg`, 'airway-trolley.jpg', 'image/jpeg'),
    file(`${video}.mp4`, 'cpr-demo.mp4', 'video/mp4'),
    file(`e2e-${run}-fake.png`, 'cpr-demo.mp4', 'image/png'),
  ]);
  await expect(page.getByText('Upload complete')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByRole('row', { name: new RegExp(`e2e-${run}-fake.png`) })).toContainText('content does not match its extension');

  // The worker is quick, so the first My Media answer is held back as it was right after the upload
  // (unprocessed); the page polls while anything is processing and then shows the real state.
  let held = false;
  await page.route('**/api/media/MyMedia/**', async (route) => {
    const response = await route.fetch();
    // A request the page gave up on (it asked again) has nothing left to answer.
    const body = await response.json().catch(() => null);
    if (!body) return;
    if (!held) {
      held = true;
      for (const m of body.media) {
        if (String(m.name).startsWith(`e2e-${run}`)) Object.assign(m, { is_processed: false, signed_thumb_url: null, processing_error: null });
      }
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/me/media');
  await expect(page.getByRole('link', { name: 'Create Media' })).toBeVisible();
  const card = myCard(page, imageA);
  await expect(card.getByText('This media is currently processing. Please check back later.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expect(card.getByText('This media has not yet been approved for use. Please check back later.')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Edit' })).toBeEnabled();
  await expect(myCard(page, video).getByText('Video')).toBeVisible();
  await expect(page.getByTestId('my-media-card')).toHaveCount(6);
});

test('an admin approves one and declines one with an Other reason; the owner reads it', async ({ page, browser }) => {
  await signedIn(page, 'admin', '/admin/reviewmedia');
  await expect(page.getByRole('heading', { name: 'Pending Media' })).toBeVisible();
  const a = page.getByTestId('pending-media').filter({ has: page.getByRole('heading', { name: imageA }) });
  await expect(a).toContainText('Emma Educator');
  // The review shows whether an image has alt text.
  await expect(a.getByTestId('pending-media-alt')).toHaveText('No alt text');
  // And whether its owner has confirmed it identifies no patient (asked when it is made public).
  await expect(a.getByTestId('pending-media-confirmation')).toHaveText('Not yet confirmed as free of identifiable patients');
  await a.getByRole('button', { name: `Preview ${imageA}` }).click();
  await expect(page.getByRole('dialog', { name: imageA }).locator('img')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await a.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Media approved')).toBeVisible();
  await expect(a).toHaveCount(0);

  const b = page.getByTestId('pending-media').filter({ has: page.getByRole('heading', { name: imageB }) });
  await b.locator('summary', { hasText: 'Decline' }).click();
  await expect(b.getByRole('menuitem')).toHaveText(['Contains identifying information', 'Inappropriate', 'Wrong tags', 'Missing tags', 'Other']);
  await b.getByRole('menuitem', { name: 'Other' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline: Other' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByText('Please enter a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('A name badge is readable in the corner');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Media declined')).toBeVisible();
  await expect(b).toHaveCount(0);

  // Reviewing something already reviewed shows the server's message in an 'Error' dialog.
  const v = page.getByTestId('pending-media').filter({ has: page.getByRole('heading', { name: video }) });
  const videoId = await page.evaluate(async (name) => {
    const r = await fetch('/api/media/MediaPendingApproval');
    return (await r.json()).media.find((m: { name: string }) => m.name === name).id as number;
  }, video);
  // Another admin approves it just before this screen's approval reaches the server (done as
  // the click's request leaves, so no refresh of the list can take the card away first).
  await page.route(`**/api/media/AdminApproveMedia/${videoId}`, async (route) => {
    await page.request.post(`/api/media/AdminApproveMedia/${videoId}`);
    await route.continue();
  }, { times: 1 });
  await v.getByRole('button', { name: 'Approve' }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText('This media has already been reviewed');
  await error.getByRole('button', { name: 'OK' }).click();

  const owner = await browser.newPage();
  await signedIn(owner, 'educator', '/me/media');
  const declined = myCard(owner, imageB);
  await declined.getByRole('button', { name: 'This media has been deemed unsuitable for posting. Click for details' }).click();
  await expect(owner.getByRole('dialog')).toContainText('A name badge is readable in the corner');
  await owner.getByRole('button', { name: 'OK' }).click();
  const approved = myCard(owner, imageA);
  await expect(approved.locator('.media-notice')).toHaveCount(0);
  // Going public asks for the de-identification confirmation; an image also needs its alt text.
  const confirmPublic = async () => {
    const ask = owner.getByRole('dialog', { name: 'Make this media public?' });
    await ask.getByRole('checkbox', { name: /No real patient can be identified/ }).check();
    await ask.getByRole('button', { name: 'Make Public' }).click();
  };
  await approved.getByLabel('Privacy').selectOption('2');
  await confirmPublic();
  const refused = owner.getByRole('dialog', { name: 'Error' });
  await expect(refused).toContainText('Add alt text before making this image public');
  await refused.getByRole('button', { name: 'OK' }).click();
  // With its alt text (as Edit would give it) the image goes public.
  const uuid = (await approved.locator('a.my-media-thumb-link').getAttribute('href'))!.split('/').pop();
  const madePublic = await owner.request.patch(`/api/media/Edit/${uuid}`, {
    data: { alt_text: 'A chest drain set laid out on a tray', privacy_level: 2, confirm_deidentified: true },
    headers: { Origin: new URL(owner.url()).origin },
  });
  expect(madePublic.status(), await madePublic.text()).toBe(200);
  await myCard(owner, video).getByLabel('Privacy').selectOption('2');
  await confirmPublic();
  await expect(owner.getByText('Your media is now public.').first()).toBeVisible();
  // The owner was notified.
  const notes = await owner.request.get('/api/Notification');
  expect(JSON.stringify(await notes.json())).toContain('Media declined');
  await owner.close();
});

test('browse and filter the library; a tile downloads the item', async ({ page }) => {
  await signedIn(page, 'paramedic', '/media');
  await expect(page.getByRole('link', { name: 'Upload Media' })).toBeVisible();
  const count = page.getByTestId('media-count');
  await expect(count).toHaveText(/^\d+ Media Item\(s\) available$/);
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(9);
  await expect(page.getByTestId('media-tile')).toHaveCount(9);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('media-tile')).toHaveCount(Math.min(9, total - 9));

  await page.getByLabel('Search media').fill(`E2E-${run}!`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(count).toHaveText('2 Media Item(s) available');
  await page.getByLabel('File type').selectOption({ label: 'Video' });
  await expect(count).toHaveText('1 Media Item(s) available');
  await expect(page.getByTestId('media-tile')).toContainText(video);
  await page.getByLabel('File type').selectOption({ label: 'Image' });
  await expect(page.getByTestId('media-tile')).toContainText(imageA);

  await page.getByRole('button', { name: 'Clear' }).click();
  await page.locator('summary', { hasText: 'Tags' }).click();
  await page.getByRole('group', { name: 'Filter by tag' }).getByText('Airway', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Airway trolley layout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Defibrillator pad placement' })).toHaveCount(0);

  await page.getByLabel('Search media').fill('nothing-matches-this-term');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No available media')).toBeVisible();

  await page.goto(`/media?q=${encodeURIComponent(`e2e-${run}`)}&type=0`);
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${imageA}` }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(`${imageA}.png`);

  await page.getByRole('link', { name: imageA }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(imageA);
  await expect(page.getByText('Image', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d)? KiB$/)).toBeVisible();
  await expect(page.getByTestId('media-downloads')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'Emma Educator' })).toHaveAttribute('href', /\/view-user\/\d+/);
});

test('edit asks before leaving with unsaved changes, saves, and deletes', async ({ page }) => {
  await signedIn(page, 'educator', '/me/media');
  await myCard(page, imageA).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Media' })).toBeVisible();
  await page.getByLabel('Name').fill(`${imageA} renamed`);
  await page.getByLabel('Description', { exact: true }).fill('Sinus rhythm for the orientation day');
  await page.getByRole('group', { name: 'Tags' }).getByText('Cardiac', { exact: true }).click();

  await page.getByRole('link', { name: 'My Media' }).first().click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toContainText('Leave without saving changes?');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`${imageA} renamed`);

  await page.getByLabel('Description', { exact: true }).fill('x'.repeat(201));
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('x'.repeat(200));
  await page.getByLabel('Description', { exact: true }).fill('Sinus rhythm for the orientation day');
  // A form error is read out as it appears and describes its field.
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Name is required' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  await page.getByLabel('Name').fill(`${imageA} renamed`);
  // An image's alt text: what it shows, used as the image's text alternative.
  await expect(page.getByLabel('Alt text')).toHaveAccessibleDescription('What the image shows, read out to people who cannot see it.');
  await page.getByLabel('Alt text').fill('A patient monitor showing sinus rhythm at 72 beats per minute');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const updated = page.getByRole('dialog', { name: 'Updated!' });
  await expect(updated).toContainText('Your media has been updated.');
  await updated.getByRole('button', { name: 'OK' }).click();

  // Saved: leaving no longer asks.
  await page.getByRole('link', { name: `${imageA} renamed` }).click();
  await expect(page.getByText('Sinus rhythm for the orientation day')).toBeVisible();
  await expect(page.getByRole('img', { name: 'A patient monitor showing sinus rhythm at 72 beats per minute' })).toBeVisible();
  await expect(page.locator('.media-tags')).toContainText('Cardiac');

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete Item' }).click();
  await page.getByRole('dialog', { name: 'Delete Item' }).getByRole('button', { name: 'Delete' }).click();
  const deleted = page.getByRole('dialog', { name: 'Deleted!' });
  await expect(deleted).toContainText('Media deleted.');
  await deleted.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/me\/media$/);
  await expect(myCard(page, `${imageA} renamed`)).toHaveCount(0);
});

test('inside the native app a download is handed to the media-import handler', async ({ page }) => {
  await installFakeNativeHost(page, { deviceId: 'IPAD-MEDIA', product: 'REALITi' });
  await signedIn(page, 'paramedic');
  await page.goto(`/media?q=${encodeURIComponent(`e2e-${run}`)}&type=1`);
  await page.getByRole('link', { name: video }).click();
  await page.getByRole('button', { name: 'Download' }).click();
  await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'mediaImport').length).toBe(1);
  const [message] = (await nativeMessages(page)).filter((m) => m.name === 'mediaImport');
  const payload = message.payload as { url: string; fileName: string };
  expect(payload.fileName).toBe(`${video}.mp4`);
  expect(payload.url).toMatch(/^http:\/\/localhost:\d+\/api\/files\/media\/.+disp=attachment/);
  // The page stayed put, and the link really serves the video (with ranges).
  await expect(page).toHaveURL(/\/media\/[0-9a-f-]+$/);
  const part = await page.request.get(payload.url, { headers: { Range: 'bytes=0-15' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toMatch(/^bytes 0-15\/\d+$/);
  expect(part.headers()['content-disposition']).toContain('attachment');
});
