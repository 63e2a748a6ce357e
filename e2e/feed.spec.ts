// Activity feed, create-post modal, reports, admin moderation and notifications.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, signedIn, unique } from './support/auth';

const MEDIA_FIXTURES = path.resolve('src/server/db/seed/fixtures/media');

async function apiPost(ctx: APIRequestContext, title: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.post('/api/forumpost/CreatePost', { data: { title, text: `${title} text`, ...extra } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

async function openCreate(page: Page, type: 'Post' | 'Scenario' | 'Media' = 'Post') {
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: type, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
  return page.getByRole('dialog');
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('opening the feed', () => {
  // page.route sees the app's own requests only with no service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('a visit without the service worker finds its first answers in the page (user, posts, side column): the app does not ask for them', async ({ page }) => {
    await signedIn(page, 'educator');
    // (Away from the app first: nothing the signed-in page still asks is counted.)
    await page.goto('about:blank');
    const asked: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/(users\/me|forumpost\/GetPosts\/0\/5\/-1|Notification|forumgroup\/mygroups|scenarios\/myfavourites|alltags)$/.test(req.url())) asked.push(new URL(req.url()).pathname);
    });
    await page.goto('/feed');
    await expect(page.locator('.post-card').first()).toBeVisible();
    await expect(page.getByTestId('feed-count')).toHaveText(/\d+ Post\(s\) Available/);
    // The side column too: notifications, groups, favourite scenarios.
    await expect(page.getByRole('region', { name: 'My Groups' }).getByRole('link', { name: 'Resuscitation Educators' })).toBeVisible();
    expect(asked).toEqual([]);
    // Later pages come from the server as before.
    await expect(page.locator('.post-card')).toHaveCount(5);
    await page.locator('.feed-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.post-card').count()).toBeGreaterThan(5);
  });

  test("with a shell that has no answers (the service worker's), asks for the first posts while the feed's own code is still loading", async ({ page }) => {
    await signedIn(page, 'educator');
    // The shell the service worker answers navigations with: index.html, the same for everyone.
    await page.route(/\/feed$/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
      expect(await response.text()).not.toContain('first-answers');
      await route.fulfill({ response });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let codeArrived = false;
    await page.route(/\/assets\/feed-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
      codeArrived = true;
    });
    const asked = page.waitForRequest(/\/api\/forumpost\/GetPosts\/0\/5\/-1$/);
    await page.goto('/feed', { waitUntil: 'commit' });
    await asked;
    expect(codeArrived).toBe(false);
    release();
    await expect(page.locator('.post-card').first()).toBeVisible();
  });
});

test.describe('activity feed', () => {
  test('creates a text post; Post stays disabled while the title is blank', async ({ page }) => {
    await signedIn(page, 'educator');
    const dialog = await openCreate(page);
    const post = dialog.getByRole('button', { name: 'Post', exact: true });
    await expect(post).toBeDisabled();
    await dialog.getByLabel('Title').fill('   ');
    await expect(post).toBeDisabled();
    await expect(dialog.getByText('Use tags to help people find your post by searching for common terms')).toBeVisible();
    const title = unique('Shift handover tips');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill('Keep it short and structured.');
    await dialog.locator('.tag-option', { hasText: 'Airway' }).click();
    await post.click();
    await expect(page.getByText('Post created!')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const c = card(page, title);
    await expect(c).toBeVisible();
    await expect(c.getByText('Emma Educator')).toBeVisible();
    await expect(c.getByText('shared a post')).toBeVisible();
    await expect(c.getByText('Just now')).toBeVisible();
    await expect(c.getByText('Keep it short and structured.')).toBeVisible();
    await expect(c.locator('.tag', { hasText: 'Airway' })).toBeVisible();

    // Closing the modal resets every field.
    const again = await openCreate(page);
    await again.getByLabel('Title').fill('Draft that is thrown away');
    await again.getByRole('button', { name: 'Cancel' }).click();
    const fresh = await openCreate(page);
    await expect(fresh.getByLabel('Title')).toHaveValue('');
  });

  test('the create-post dialog keeps the focus inside; Escape closes it and the focus returns to its button', async ({ page }) => {
    await signedIn(page, 'educator');
    const opener = page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Post', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect(dialog.getByRole('radio', { name: 'Post' })).toBeFocused();
    // More presses than the dialog has stops: every one of them lands inside, both ways round.
    const stops = await dialog.evaluate((d) => d.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), textarea, select, [tabindex="0"]').length);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 3; i++) {
        await page.keyboard.press(key);
        expect(await focusInside(), `${key} #${i + 1}`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('attaches an existing scenario, and re-attaching it does not duplicate it', async ({ page }) => {
    await signedIn(page, 'educator');
    const dialog = await openCreate(page, 'Scenario');
    await dialog.getByRole('button', { name: 'Scenario from Library' }).click();
    await expect(page.getByRole('dialog', { name: 'Scenario from Library' })).toBeVisible();
    const first = page.getByRole('list', { name: 'Your scenarios' }).getByRole('button').first();
    const name = (await first.locator('.picker-name').textContent())!.trim();
    await first.click();
    await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
    const toAttach = page.getByRole('list', { name: 'To attach' });
    await expect(toAttach.getByRole('listitem')).toHaveCount(1);
    // The same scenario again: back to Create, still one.
    await page.getByRole('button', { name: 'Scenario from Library' }).click();
    await page.getByRole('list', { name: 'Your scenarios' }).getByRole('button', { name }).click();
    await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
    await expect(toAttach.getByRole('listitem')).toHaveCount(1);
    const title = unique('Scenario for Thursday');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Post created!')).toBeVisible();
    const link = card(page, title).getByRole('list', { name: 'Attached scenarios' }).getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^\/scenario\/[0-9a-f-]{36}$/);
  });

  test("a user with no scenarios of their own sees 'No available scenarios' with 'Upload New'", async ({ page }) => {
    await signedIn(page, 'provisioner');
    const dialog = await openCreate(page, 'Scenario');
    await dialog.getByRole('button', { name: 'Scenario from Library' }).click();
    const picker = page.getByRole('dialog', { name: 'Scenario from Library' });
    await expect(picker.getByText('No available scenarios')).toBeVisible();
    await picker.getByRole('button', { name: 'Upload New' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload New' })).toBeVisible();
  });

  test("a post the server refuses shows 'Error Posting' with the server's message, and nothing is queued", async ({ page }) => {
    await signedIn(page, 'educator');
    await page.route('**/api/forumpost/CreatePost', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Attached media must be approved before it can be posted' }) }),
    );
    const dialog = await openCreate(page);
    await dialog.getByLabel('Title').fill(unique('Refused at once'));
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Error Posting')).toBeVisible();
    await expect(page.getByText('Attached media must be approved before it can be posted')).toBeVisible();
    await expect(page.getByTestId('pending-post')).toHaveCount(0);
  });

  test('attaches approved media from the library', async ({ page }) => {
    await signedIn(page, 'educator');
    const dialog = await openCreate(page, 'Media');
    await dialog.getByRole('button', { name: 'Media from Library' }).click();
    // The first item that can be shared (private items are listed but disabled).
    const first = page.getByRole('list', { name: 'Your media' }).locator('button.picker-item:not([disabled])').first();
    const name = (await first.locator('.picker-name').textContent())!.trim();
    await first.click();
    const title = unique('Useful photo');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Post created!')).toBeVisible();
    const media = card(page, title).locator('.post-media');
    await expect(media).toHaveCount(1);
    await expect(media).toHaveAttribute('title', name);
    await expect(media.locator('img')).toHaveJSProperty('complete', true);
  });

  test('the media picker marks a private item as not shareable, says why, and makes it public in one step; then everyone sees it in the post', async ({ page, baseURL }) => {
    const educator = await apiAs(baseURL!, 'educator');
    const admin = await apiAs(baseURL!, 'admin');
    const paramedic = await apiAs(baseURL!, 'paramedic');
    try {
      const name = unique('private-photo').replace(/ /g, '-');
      const up = await educator.post('/api/media/upload', {
        multipart: { mediaFiles: { name: `${name}.png`, mimeType: 'image/png', buffer: fs.readFileSync(path.join(MEDIA_FIXTURES, 'patient-monitor.png')) } },
      });
      expect(up.ok()).toBeTruthy();
      const uuid = ((await up.json()) as { successes: { uuid_id: string }[] }).successes[0].uuid_id;
      // Approved once processed (409 until then); uploads are private by default.
      await expect.poll(async () => (await admin.post(`/api/media/AdminApproveMedia/${uuid}`)).status(), { timeout: 20_000 }).toBe(200);

      await signedIn(page, 'educator');
      const dialog = await openCreate(page, 'Media');
      await dialog.getByRole('button', { name: 'Media from Library' }).click();
      const item = page.getByRole('list', { name: 'Your media' }).getByRole('listitem').filter({ hasText: name });
      await expect(item.getByRole('button', { name })).toBeDisabled();
      await expect(item).toContainText('Private: only you can see it');
      await expect(page.getByText('Only public, approved media can be shared in a post.')).toBeVisible();
      // An image goes public only with alt text: without it the server's reason is shown.
      await item.getByRole('button', { name: 'Make public' }).click();
      await expect(page.getByRole('alert')).toContainText('Add alt text before making this image public');
      await item.getByLabel(`Alt text for ${name}`).fill('A patient monitor showing a sinus rhythm');
      // Making it public without the de-identification confirmation is refused with the rule.
      await item.getByRole('button', { name: 'Make public' }).click();
      await expect(page.getByRole('alert')).toContainText('Confirm that no real patient can be identified and that you hold the rights before making this public.');
      await item.getByLabel('No real patient can be identified from this item, and I hold the rights to share it.').check();
      await item.getByRole('button', { name: 'Make public' }).click();
      await expect(item.getByRole('button', { name })).toBeEnabled();
      await expect(item).not.toContainText('only you can see it');
      await item.getByRole('button', { name }).click();
      const title = unique('Shared photo');
      await page.getByLabel('Title').fill(title);
      await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByText('Post created!')).toBeVisible();
      await expect(card(page, title).locator('.post-media')).toHaveAttribute('title', name);
      await expect(card(page, title).locator('.post-media img')).toHaveAttribute('alt', 'A patient monitor showing a sinus rhythm');
      // Another user sees the picture in the post.
      const feed = (await (await paramedic.get('/api/forumpost/GetPosts/0/20/-1')).json()) as { posts: { title: string; media: { name: string }[] }[] };
      expect(feed.posts.find((p) => p.title === title)?.media.map((m) => m.name)).toEqual([name]);
    } finally {
      await educator.dispose();
      await admin.dispose();
      await paramedic.dispose();
    }
  });

  test('uploads a new file inside a post and lists a failing file as "filename: message"', async ({ page }) => {
    await signedIn(page, 'educator');
    const dialog = await openCreate(page, 'Media');
    await dialog.getByRole('button', { name: 'Upload New' }).click();
    await page.getByLabel('Choose images or videos').setInputFiles([
      { name: 'patient-monitor.png', mimeType: 'image/png', buffer: fs.readFileSync(path.join(MEDIA_FIXTURES, 'patient-monitor.png')) },
      { name: 'fake-photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') },
    ]);
    const toUpload = page.getByRole('list', { name: 'To upload' });
    await expect(toUpload.getByRole('listitem')).toHaveCount(2);
    const title = unique('New photo from the lab');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Post created!')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /^fake-photo\.png: .+/ })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(card(page, title)).toBeVisible();
  });

  test('scrolls to the end of the feed', async ({ page }) => {
    await signedIn(page, 'educator');
    await expect(page.getByTestId('feed-count')).toHaveText(/^\d+ Post\(s\) Available$/);
    const total = Number((await page.getByTestId('feed-count').textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(5);
    await expect(page.getByTestId('post-card')).toHaveCount(5);
    for (let i = 0; i < 20 && !(await page.getByText('No more posts').isVisible()); i++) {
      const shown = await page.getByTestId('post-card').count();
      await page.mouse.wheel(0, 4000);
      // The next page is there, or the end.
      await expect.poll(async () => (await page.getByTestId('post-card').count()) > shown || (await page.getByText('No more posts').isVisible())).toBe(true);
    }
    await expect(page.getByText('No more posts')).toBeVisible();
    await expect(page.getByTestId('post-card')).toHaveCount(total);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('filters the feed by tag', async ({ page }) => {
    await signedIn(page, 'educator');
    await page.locator('summary', { hasText: 'Filter by tags' }).click();
    await page.locator('.feed-filter .tag-option', { hasText: /^Pacing$/ }).click();
    await expect(card(page, 'Anyone tried transcutaneous pacing scenarios?')).toBeVisible();
    await expect(card(page, 'Debrief tips')).toHaveCount(0);
    const cards = page.getByTestId('post-card');
    const n = await cards.count();
    for (let i = 0; i < n; i++) await expect(cards.nth(i).locator('.tag', { hasText: 'Pacing' })).toBeVisible();
    await expect(page.getByTestId('feed-count')).toHaveText(`${n} Post(s) Available`);
  });

  test('deletes my own post', async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'educator');
    const { title } = await apiPost(api, unique('Post to delete'));
    await signedIn(page, 'educator');
    const c = card(page, title);
    await c.getByLabel(`Post options for ${title}`).click();
    await expect(c.getByRole('button', { name: 'Report post' })).toHaveCount(0);
    await c.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Post deleted')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  });

  test("reports another user's post once; a second report shows a Notice", async ({ page, baseURL }) => {
    const api = await apiAs(baseURL!, 'educator');
    const { title } = await apiPost(api, unique('Post to report'));
    await signedIn(page, 'paramedic');
    const c = card(page, title);
    await c.getByLabel(`Post options for ${title}`).click();
    await expect(c.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
    await c.getByRole('button', { name: 'Report post' }).click();
    await expect(page.getByText('Post reported')).toBeVisible();
    await c.getByLabel(`Post options for ${title}`).click();
    await c.getByRole('button', { name: 'Report post' }).click();
    const notice = page.getByRole('dialog', { name: 'Notice' });
    await expect(notice.getByText('You have already reported this post')).toBeVisible();
    await notice.getByRole('button', { name: 'OK' }).click();
  });

  test('admin ignores one report and deletes another post; its author is notified', async ({ page, baseURL }) => {
    const author = await apiAs(baseURL!, 'educator');
    const reporter = await apiAs(baseURL!, 'paramedic');
    const keep = await apiPost(author, unique('Harmless question'));
    const remove = await apiPost(author, unique('Offensive remark'));
    for (const p of [keep, remove]) expect((await reporter.post(`/api/forumpost/report/${p.id}`)).status()).toBe(200);

    await signedIn(page, 'admin', '/admin/reported');
    await expect(page.getByRole('heading', { name: 'Reported posts' })).toBeVisible();
    const keepRow = page.getByRole('article', { name: keep.title });
    await expect(keepRow.getByText('Reported by Paul Paramedic')).toBeVisible();
    await keepRow.getByRole('button', { name: 'Ignore' }).click();
    await expect(page.getByText('Report ignored')).toBeVisible();
    await expect(keepRow).toHaveCount(0);
    const removeRow = page.getByRole('article', { name: remove.title });
    await removeRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Post deleted')).toBeVisible();
    await expect(removeRow).toHaveCount(0);

    const feed = await (await author.get('/api/forumpost/GetPosts/0/50/-1')).json();
    const titles = feed.posts.map((p: { title: string }) => p.title);
    expect(titles).toContain(keep.title);
    expect(titles).not.toContain(remove.title);
    const notes = await (await author.get('/api/Notification')).json();
    expect(notes.notifications[0]).toMatchObject({ name: 'Your post was removed' });
  });

  test('admin posts to everyone; a user sees the notification and follows it', async ({ page, browser }) => {
    await signedIn(page, 'admin', '/admin/post');
    const title = unique('Site maintenance on Sunday');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message').fill('The community will be offline for an hour.');
    await page.getByRole('button', { name: 'Post to everyone' }).click();
    await expect(page.getByText('Post created!')).toBeVisible();

    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await signedIn(user, 'paramedic');
    await expect(user.getByTestId('notification-count')).toBeVisible();
    await user.getByLabel(/^Notifications/).click();
    const item = user.getByRole('button', { name: new RegExp(title) });
    await expect(item).toBeVisible();
    await expect(item).toHaveClass(/unread/);
    await item.click();
    await expect(user).toHaveURL(/\/feed\?post=\d+$/);
    await expect(card(user, title)).toBeVisible();
    await user.getByLabel(/^Notifications/).click();
    await expect(user.getByRole('button', { name: new RegExp(title) })).not.toHaveClass(/unread/);
    await userContext.close();
  });
});
