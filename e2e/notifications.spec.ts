// Notifications: the /notifications page (a group of replies shown as one, 'Mark all as read' with
// the keyboard, opening one), the link from the dropdown and the per-kind settings on /me. A push
// handled by the service worker: push.spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs, signedIn, unique } from './support/auth';
import { e2eDataDir } from './support/servers';

test.describe('notifications page', () => {
  test.use({ serviceWorkers: 'block' });

  test('replies to my post are one item; mark all as read with the keyboard; open it', async ({ page, baseURL }) => {
    const tester = await apiAs(baseURL!, 'tester');
    const title = unique('Night-shift drill');
    const post = (await (await tester.post('/api/forumpost/CreatePost', { data: { title, text: 'Who has run one?' } })).json()) as { id: number };
    for (const who of ['educator', 'paramedic', 'admin']) {
      const ctx = await apiAs(baseURL!, who);
      expect((await ctx.post(`/api/post/${post.id}/replies`, { data: { text: `From ${who}: yes, twice.` } })).ok()).toBeTruthy();
      await ctx.dispose();
    }

    await signedIn(page, 'tester');
    // From the dropdown to the full page.
    await page.getByLabel(/^Notifications/).click();
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

    const group = page.locator('.notifications-page-list .notification-item', { hasText: `replied to "${title}"` });
    await expect(group).toHaveCount(1);
    await expect(group).toContainText(/ and 2 others replied/);
    await expect(group).toHaveClass(/unread/);

    for (const width of [390, 768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/notifications-page-${width}.png`, fullPage: true });
    }

    // The keyboard reaches 'Mark all as read'.
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    await markAll.focus();
    await expect(markAll).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('notifications-unread')).toHaveText('All notifications are read.');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    // Read, the three replies are three items again.
    await expect(page.locator('.notifications-page-list .notification-item', { hasText: `replied to "${title}"` })).toHaveCount(3);

    await page.locator('.notifications-page-list .notification-item', { hasText: `replied to "${title}"` }).first().click();
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}`));
    await tester.dispose();
  });

  test('per-kind settings on /me: clearing every channel turns a kind off, and it is kept', async ({ page }) => {
    await signedIn(page, 'provisioner', '/me');
    const card = page.getByRole('region', { name: 'Notifications' });
    await expect(card).toBeVisible();
    const row = card.locator('tr[data-kind="review"]');
    await expect(row.getByRole('checkbox', { name: 'Scenario reviews: In the app' })).toBeChecked();
    await expect(row.getByRole('checkbox', { name: 'Scenario reviews: E-mail digest' })).not.toBeChecked();
    await row.getByRole('checkbox', { name: 'Scenario reviews: In the app' }).click();
    await expect(row.getByRole('checkbox', { name: 'Scenario reviews: In the app' })).not.toBeChecked();
    // With the keyboard: Space toggles the focused box.
    await row.getByRole('checkbox', { name: 'Scenario reviews: Push' }).focus();
    await page.keyboard.press('Space');
    await expect(row.getByText('Off')).toBeVisible();
    await card.getByLabel('E-mail digest', { exact: true }).selectOption('weekly');

    for (const width of [390, 768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: `test-results/notification-settings-${width}.png` });
    }

    await page.reload();
    const again = page.getByRole('region', { name: 'Notifications' }).locator('tr[data-kind="review"]');
    await expect(again.getByText('Off')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByLabel('E-mail digest', { exact: true })).toHaveValue('weekly');
    // Back to the defaults for other tests.
    await again.getByRole('checkbox', { name: 'Scenario reviews: In the app' }).click();
    await expect(again.getByRole('checkbox', { name: 'Scenario reviews: In the app' })).toBeChecked();
    await again.getByRole('checkbox', { name: 'Scenario reviews: Push' }).click();
    await expect(again.getByRole('checkbox', { name: 'Scenario reviews: Push' })).toBeChecked();
    await page.getByRole('region', { name: 'Notifications' }).getByLabel('E-mail digest', { exact: true }).selectOption('daily');
  });
});

test.describe('e-mail digest', () => {
  test.use({ serviceWorkers: 'block' });

  test("the digest's unsubscribe link works signed out and turns only the digest off", async ({ page, baseURL }) => {
    const tester = await apiAs(baseURL!, 'tester');
    const { email } = (await (await tester.get('/api/users/me')).json()) as { email: string };
    await tester.put('/api/notification-settings', { data: { kinds: [{ kind: 'reply', in_app: true, push: true, digest: true }], digest_frequency: 'daily' } });
    const post = (await (await tester.post('/api/forumpost/CreatePost', { data: { title: unique('Digest thread'), text: 'x' } })).json()) as { id: number };
    const educator = await apiAs(baseURL!, 'educator');
    await educator.post(`/api/post/${post.id}/replies`, { data: { text: 'A reply for the digest.' } });
    const admin = await apiAs(baseURL!, 'admin');
    expect((await admin.post('/api/admin/notifications/digest')).ok()).toBeTruthy();

    // The worker sends it: the newest digest written for the tester.
    const mailDir = path.join(e2eDataDir, 'mail');
    const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
    let link: string | undefined;
    await expect
      .poll(() => {
        const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.includes(safe)).sort() : [];
        const texts = files.map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        link = texts.reverse().map((text) => /https?:\/\/[^\s"</]+\/unsubscribe\?token=[^\s"<>]+/.exec(text)?.[0]).find(Boolean);
        return Boolean(link);
      }, { message: 'a digest with an unsubscribe link', timeout: 20_000 })
      .toBe(true);

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { name: 'E-mail digest' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe from the e-mail digest' }).click();
    await expect(page.getByText('You will no longer receive the e-mail digest.')).toBeVisible();
    for (const width of [390, 768, 1024]) {
      await page.setViewportSize({ width, height: 700 });
      await page.screenshot({ path: `test-results/unsubscribe-${width}.png` });
    }

    const settings = (await (await tester.get('/api/notification-settings')).json()) as { digest_frequency: string; kinds: { kind: string; digest: boolean }[] };
    expect(settings.digest_frequency).toBe('off');
    expect(settings.kinds.find((k) => k.kind === 'reply')?.digest).toBe(true);
    await tester.put('/api/notification-settings', { data: { kinds: [{ kind: 'reply', in_app: true, push: true, digest: false }], digest_frequency: 'daily' } });
    await Promise.all([tester.dispose(), educator.dispose(), admin.dispose()]);
  });
});
