// Keyboard journeys (WCAG 2.1.1): sign in, upload media with its alt text and captions, review it,
// post with an attachment, join a group, each with the keyboard alone (Tab to a control, then
// Enter, Space or typing; a file is given through the chooser the focused control opens). And what
// is announced: upload progress and results, toasts, form errors and the sync state sit in live
// regions with their text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { signIn, signedIn } from './support/auth';
import { partsFetchedAhead } from './support/offline-state';

const MEDIA_FIXTURES = path.resolve('src/server/db/seed/fixtures/media');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-a11y-journeys-'));
const unique = (s: string) => `${s}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
function copyFixture(fixture: string, as: string): string {
  const p = path.join(work, as);
  fs.copyFileSync(path.join(MEDIA_FIXTURES, fixture), p);
  return p;
}
function writeFile(name: string, content: string): string {
  const p = path.join(work, name);
  fs.writeFileSync(p, content);
  return p;
}

/** Press Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tab to a control that opens the file chooser, press `key`, and give the chooser `files`. */
async function chooseWithKeyboard(page: Page, control: Locator, files: string | string[], key = 'Enter') {
  // A screen still settling (the uploader mounting its input) can take the focus away between the
  // Tab and the key: as a keyboard user would, tab back and press again.
  for (let attempt = 1; ; attempt++) {
    await tabTo(page, control);
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press(key);
    const opened = await chooser;
    if (opened) return opened.setFiles(files);
    if (attempt === 3) throw new Error(`${key} on ${control.toString()} opened no file chooser`);
  }
}

async function apiAs(baseURL: string, username: string) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  expect((await ctx.post('/api/auth', { data: { username, password: 'Community1' } })).ok()).toBeTruthy();
  return ctx;
}

test('sign in with the keyboard alone; a wrong password is read out as an alert', async ({ page }) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type('educator');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Community1');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page).toHaveTitle('Home - REALITi Community');
});

test.describe('media with the keyboard', () => {
  // One upload, reviewed, then posted: the steps follow each other.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const image = unique('kb-monitor');
  const video = unique('kb-cpr');

  test('upload an image and a video: progress and results are announced, the image gets its alt text and the video its captions', async ({ page }) => {
    await signIn(page, 'educator');
    await page.goto('/media/upload');
    const announcer = page.getByTestId('upload-announcer');
    await expect(announcer).toHaveAttribute('role', 'status');
    await chooseWithKeyboard(page, page.getByRole('button', { name: 'Browse files' }), [copyFixture('patient-monitor.png', `${image}.png`), copyFixture('cpr-demo.mp4', `${video}.mp4`)]);
    await expect(announcer).toHaveText('2 files uploaded', { timeout: 30_000 });

    // The image: alt text, typed and sent with Enter; an empty one is refused with a read-out error.
    const alt = page.getByLabel(`Alt text for ${image}.png`);
    await tabTo(page, alt);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Describe what the image shows' })).toBeVisible();
    await page.keyboard.type('A patient monitor showing a sinus rhythm at 72 a minute');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Alt text saved for ${image}.png.` })).toBeVisible();

    // The video: a file that is not WebVTT is refused on the spot, a WebVTT file is taken.
    const captions = page.getByLabel(`Captions for ${video}.mp4 (WebVTT file, .vtt)`);
    await chooseWithKeyboard(page, captions, writeFile('cpr.srt', '1\n00:00:00,000 --> 00:00:02,000\nNot WebVTT\n'), 'Space');
    await expect(page.getByRole('alert').filter({ hasText: 'The caption file must be a WebVTT file (.vtt) starting with WEBVTT' })).toBeVisible();
    await chooseWithKeyboard(page, captions, writeFile('cpr.vtt', 'WEBVTT\n\n00:00.000 --> 00:02.000\nCompressions at 100 to 120 a minute\n'), 'Space');
    await expect(page.getByRole('status').filter({ hasText: `Captions added to ${video}.mp4.` })).toBeVisible();
    await expect(page.getByText('This video has captions.')).toBeVisible();
    await page.screenshot({ path: path.join(os.tmpdir(), 'a11y-upload-1024.png') });
  });

  test('an admin reviews them with the keyboard: the alt text and the captions show, Approve is announced', async ({ page }) => {
    await signIn(page, 'admin');
    const card = (name: string) => page.getByTestId('pending-media').filter({ hasText: name });
    await expect(async () => {
      await page.goto('/admin/reviewmedia');
      await expect(card(image)).toBeVisible({ timeout: 2_000 });
      await expect(card(video)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await expect(card(image).getByTestId('pending-media-alt')).toHaveText('Alt text: A patient monitor showing a sinus rhythm at 72 a minute');
    await expect(card(video).getByTestId('pending-media-captions')).toHaveText('Has captions');
    await expect(card(image).getByRole('img')).toHaveAttribute('alt', 'A patient monitor showing a sinus rhythm at 72 a minute');
    for (const name of [image, video]) {
      await tabTo(page, card(name).getByRole('button', { name: 'Approve' }));
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('toasts').filter({ hasText: 'Media approved' })).toBeVisible();
      await expect(card(name)).toHaveCount(0);
    }
    await expect(page.getByTestId('toasts')).toHaveAttribute('aria-live', 'polite');
  });

  test('make the image public and post it, with the keyboard; the post shows it with its alt text, the video plays its captions', async ({ page }) => {
    await signIn(page, 'educator');
    await page.goto('/feed');
    await tabTo(page, page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Media', exact: true }));
    await page.keyboard.press('Enter');
    // One dialog: Create Post, then titled 'Media from Library' while the library is shown.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Create Post');
    await tabTo(page, dialog.getByRole('button', { name: 'Media from Library' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveAccessibleName('Media from Library');
    const item = dialog.getByRole('listitem').filter({ hasText: image });
    // Private: it has its alt text already, so the owner confirms de-identification and makes it public.
    await tabTo(page, item.getByRole('checkbox', { name: /No real patient can be identified/ }));
    await page.keyboard.press('Space');
    await tabTo(page, item.getByRole('button', { name: 'Make public' }));
    await page.keyboard.press('Enter');
    await expect(item.getByRole('button', { name: image })).toBeEnabled();
    await tabTo(page, item.getByRole('button', { name: image }));
    await page.keyboard.press('Enter');
    const title = unique('Keyboard post');
    await tabTo(page, dialog.getByLabel('Title'));
    await page.keyboard.type(title);
    await tabTo(page, dialog.getByRole('button', { name: 'Post', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toasts').filter({ hasText: 'Post created!' })).toBeVisible();
    const post = page.getByRole('article', { name: title });
    await expect(post.locator('.post-media img')).toHaveAttribute('alt', 'A patient monitor showing a sinus rhythm at 72 a minute');

    // The video's captions: a captions track on its page.
    await page.goto('/me/media');
    await page.getByRole('link', { name: video }).first().click();
    const track = page.locator('video track[kind="captions"]');
    await expect(track).toHaveCount(1);
    const src = await track.getAttribute('src');
    const vtt = await page.request.get(src!);
    expect(vtt.headers()['content-type']).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toContain('Compressions at 100 to 120 a minute');
  });
});

test('an image without alt text cannot be made public from My Media: the reason is shown', async ({ page, baseURL }) => {
  const educator = await apiAs(baseURL!, 'educator');
  const admin = await apiAs(baseURL!, 'admin');
  try {
    const name = unique('no-alt');
    const up = await educator.post('/api/media/upload', {
      multipart: { mediaFiles: { name: `${name}.png`, mimeType: 'image/png', buffer: fs.readFileSync(path.join(MEDIA_FIXTURES, 'patient-monitor.png')) } },
    });
    const uuid = ((await up.json()) as { successes: { uuid_id: string }[] }).successes[0].uuid_id;
    await expect.poll(async () => (await admin.post(`/api/media/AdminApproveMedia/${uuid}`)).status(), { timeout: 20_000 }).toBe(200);
    await signIn(page, 'educator');
    await page.goto('/me/media');
    const card = page.getByTestId('my-media-card').filter({ hasText: name });
    await expect(card).toContainText('No alt text yet: add it with Edit before making this image public.');
    await tabTo(page, card.getByLabel('Privacy'));
    await card.getByLabel('Privacy').selectOption('2');
    // Going public asks for the de-identification confirmation first; the alt text rule still refuses it.
    const dialog = page.getByRole('dialog', { name: 'Make this media public?' });
    await dialog.getByRole('checkbox', { name: /No real patient can be identified/ }).check();
    await dialog.getByRole('button', { name: 'Make Public' }).click();
    await expect(page.getByText('Add alt text before making this image public: describe what it shows for people who cannot see it')).toBeVisible();
  } finally {
    await educator.dispose();
    await admin.dispose();
  }
});

test('join an open group with the keyboard; the confirmation is announced', async ({ page, baseURL }) => {
  const owner = await apiAs(baseURL!, 'admin');
  const name = unique('Keyboard club');
  const res = await owner.post('/api/forumgroup/creategroup', { data: { name, description: `${name}: open to all`, membershipType: 0, postingType: 'allowAll' } });
  expect(res.status()).toBe(201);
  const group = (await res.json()) as { id: number };
  await owner.dispose();
  await signIn(page, 'paramedic');
  await page.goto(`/forum/group/${group.id}`);
  await tabTo(page, page.getByRole('button', { name: 'Join', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toasts').filter({ hasText: 'You joined the group' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Already Member' })).toBeDisabled();
});

test('the sync state is announced: items waiting to sync, then All sent', async ({ page, context }) => {
  await signedIn(page, 'educator');
  const announcer = page.getByTestId('sync-announcer');
  await expect(announcer).toHaveAttribute('role', 'status');
  await partsFetchedAhead(page);
  await context.setOffline(true);
  await expect(announcer).toContainText('You are offline');
  const title = unique('Written offline');
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Sent once the network is back');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(announcer).toContainText('1 item waiting to sync');
  await context.setOffline(false);
  await expect(announcer).toContainText('All sent', { timeout: 30_000 });
});
