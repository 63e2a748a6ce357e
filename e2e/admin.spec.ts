// The admin area: every admin screen reachable from the persistent admin navigation,
// analytics charts from the demo data, and an admin disabling a user whose open session is then
// sent to /login, with both actions in the audit log.
import { expect, request as playwrightRequest, test, type Browser } from '@playwright/test';
import { DEMO_PASSWORD, signedIn, signIn } from './support/auth';

async function signedInPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return { context, page };
}

test.describe('admin area', () => {
  // Leave the demo user enabled for the other tests, whatever happened (a hook has its own time,
  // even after a test ran out of it).
  test.afterEach(async ({ baseURL }) => {
    const admin = await playwrightRequest.newContext({ baseURL });
    try {
      expect((await admin.post('/api/auth', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok()).toBeTruthy();
      const found = (await (await admin.get('/api/users/0/1/paramedic')).json()) as { users: { uuid_id: string }[] };
      expect((await admin.post(`/api/users/SetEnabled/${found.users[0].uuid_id}/true`)).ok()).toBeTruthy();
    } finally {
      await admin.dispose();
    }
  });

  test('every admin screen is reachable from the admin navigation; /admin goes to Analytics', async ({ page }) => {
    await signedIn(page, 'admin');
    await page.getByLabel('User menu').click();
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link')).toHaveText(['Analytics', 'Users', 'Reported posts', 'Post to everyone', 'Review media', 'Audit log', 'Licences', 'App builds']);
    const screens: [string, RegExp, string][] = [
      ['Users', /\/admin\/users$/, 'Users'],
      ['Reported posts', /\/admin\/reported$/, 'Reported posts'],
      ['Post to everyone', /\/admin\/post$/, 'Post to everyone'],
      ['Review media', /\/admin\/reviewmedia$/, 'Pending Media'],
      ['Audit log', /\/admin\/audit$/, 'Audit log'],
      ['Licences', /\/admin\/licences$/, 'Licences'],
      ['App builds', /\/admin\/builds$/, 'App builds'],
      ['Analytics', /\/admin\/analytics$/, 'Analytics'],
    ];
    for (const [link, url, heading] of screens) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/analytics$/);
  });

  test('on a phone the admin strip scrolls to show the current screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [path, link] of [['/admin/reviewmedia', 'Review media'], ['/admin/builds', 'App builds'], ['/admin/analytics', 'Analytics']]) {
      await page.goto(path);
      await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: link })).toBeInViewport({ ratio: 1 });
    }
    // Moving within the area by the strip keeps the chosen link in view too.
    await nav.getByRole('link', { name: 'Reported posts' }).click();
    await nav.getByRole('link', { name: 'Post to everyone' }).click();
    await expect(page).toHaveURL(/\/admin\/post$/);
    await expect(nav.getByRole('link', { name: 'Post to everyone' })).toBeInViewport({ ratio: 1 });
  });

  test('analytics draws three bar charts from the demo data, with tables for screen readers', async ({ page }) => {
    await signedIn(page, 'admin', '/admin/analytics');
    const charts = page.getByTestId('chart');
    await expect(charts).toHaveCount(3);
    for (const title of ['Active and new users per month', 'Active and new groups per month', 'New posts per month']) {
      await expect(page.getByRole('table', { name: title })).toBeAttached();
    }
    // Twelve months in each table; the demo posts were all made this month.
    const posts = page.getByRole('table', { name: 'New posts per month' });
    await expect(posts.locator('tbody tr')).toHaveCount(12);
    const thisMonth = new Date().toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
    await expect(posts.locator('tbody tr').last().locator('th')).toHaveText(`${thisMonth} ${new Date().getUTCFullYear()}`);
    expect(Number(await posts.locator('tbody tr').last().locator('td').textContent())).toBeGreaterThanOrEqual(6);
    // The demo accounts joined over the past year: users are active in more than one month.
    const users = page.getByRole('table', { name: 'Active and new users per month' });
    const active = await users.locator('tbody tr td:nth-of-type(1)').allTextContents();
    expect(active.filter((n) => Number(n) > 0).length).toBeGreaterThan(1);
    // Each canvas has been drawn on.
    for (const canvas of await charts.all()) {
      await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => {
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
        return painted;
      })).toBeGreaterThan(1000);
    }
  });

  test('an admin disables a user: their open session goes to /login; enabling lets them back; both are audited', async ({ page, browser }) => {
    const paul = await signedInPage(browser, 'paramedic');
    try {
      await signedIn(page, 'admin', '/admin/users');
      await expect(page.getByText(/^\d+ User\(s\) available/)).toBeVisible();
      // An admin cannot disable their own account.
      await expect(page.getByRole('article', { name: 'Adam Admin' }).getByRole('button', { name: 'Disable' })).toBeDisabled();

      await page.getByLabel('Search all users').fill('paramedic');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText('1 User(s) available')).toBeVisible();
      const card = page.getByRole('article', { name: 'Paul Paramedic' });
      await card.getByRole('button', { name: 'Disable' }).click();
      await page.getByRole('dialog', { name: 'Disable user' }).getByRole('button', { name: 'Disable' }).click();
      await expect(page.getByText('Paul Paramedic disabled')).toBeVisible();
      await expect(card.getByText('Disabled', { exact: true })).toBeVisible();

      // Paul's open page: the next request answers 401 and the app goes to /login. That request is
      // his click, or one his page made in the background first (it has then left the feed).
      const scenarios = paul.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scenarios' });
      await scenarios.click({ timeout: 5_000 }).catch(() => expect(paul.page).toHaveURL(/\/login$/));
      await expect(paul.page).toHaveURL(/\/login$/);
      await paul.page.getByLabel('Username').fill('paramedic');
      await paul.page.getByLabel('Password', { exact: true }).fill('Community1');
      await paul.page.getByRole('button', { name: 'Sign in' }).click();
      // With the right password the login screen says the account is disabled and whom to contact.
      await expect(paul.page.getByRole('alert')).toHaveText('Your account has been disabled. To have it enabled again, contact support at support@isimulate.com.');

      await card.getByRole('button', { name: 'Enable' }).click();
      await expect(page.getByText('Paul Paramedic enabled')).toBeVisible();
      await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
      await signedIn(paul.page, 'paramedic');

      // Both actions in the audit log, newest first, with filters by action and actor.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
      const rows = page.getByTestId('audit-entry');
      await expect(rows.first()).toContainText('Enabled user');
      await expect(rows.first()).toContainText('Paul Paramedic');
      await expect(rows.first()).toContainText('Adam Admin');
      await expect(rows.nth(1)).toContainText('Disabled user');
      await page.getByLabel('Action').selectOption({ label: 'Disabled user' });
      await expect(page).toHaveURL(/action=user\.disable/);
      await expect(rows.filter({ hasText: 'Enabled user' })).toHaveCount(0);
      await expect(rows.filter({ hasText: 'Disabled user' }).first()).toBeVisible();
      await page.getByLabel('Actor').selectOption({ label: 'Adam Admin' });
      await expect(page).toHaveURL(/actor=\d+/);
      await expect(rows.first()).toContainText('Adam Admin');
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect(rows.filter({ hasText: 'Enabled user' }).first()).toBeVisible();
    } finally {
      await paul.context.close();
    }
  });

  test('users: the search finds nobody for a name no one has', async ({ page }) => {
    await signedIn(page, 'admin', '/admin/users');
    await page.getByLabel('Search all users').fill('nobodyatall');
    await page.getByLabel('Search all users').press('Enter');
    await expect(page.getByText('0 User(s) available')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();
  });
});
