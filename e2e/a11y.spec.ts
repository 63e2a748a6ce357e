// axe (WCAG 2.0-2.2, levels A and AA) on every main screen, signed out, as a plain user and as an
// admin: no critical or serious finding. Each role signs in once and its storage state is reused;
// every screen is loaded once (item screens are reached through their list's first link).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { storageStateOf } from './support/auth';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

type Role = 'educator' | 'admin' | null;

const test = base.extend<{ as: Role }>({
  as: [null, { option: true }],
  // The session the global setup signed in once for the role.
  storageState: async ({ as, storageState }, provide) => provide(as ? storageStateOf(as) : storageState),
});

// Every test only reads one screen or two: the file's tests spread over all workers (it is the
// longest file, and would otherwise keep one worker busy long after the others have finished).
test.describe.configure({ mode: 'parallel' });

/** The screen is there (its heading, its own title, no spinner), then axe: no critical or serious finding. */
async function audit(page: Page, screen: string) {
  await expect(page.locator('main h1').first(), `${screen}: heading`).toBeVisible();
  await expect(page.locator('main .spinner'), `${screen}: still loading`).toHaveCount(0);
  await expect(page, `${screen}: its own title`).toHaveTitle(/. - REALITi Community$/);
  const { violations, passes } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(passes.length, `${screen}: axe ran`).toBeGreaterThan(0);
  const found = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found, `${screen}: axe findings`).toEqual([]);
}

/** Load a screen and audit it. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  // The screen asked for, not a sign-in or a redirect in its place.
  await expect(page).toHaveURL((u) => u.pathname + u.search === url);
  await audit(page, url);
}

/** Follow the first link of the current screen matching `selector` to an item screen, and audit it. */
async function follow(page: Page, selector: string, screen: string) {
  const link = page.locator(`main ${selector}`).first();
  await expect(link, `${screen}: a link to follow`).toBeVisible();
  await link.click();
  await audit(page, screen);
}

test.describe('signed out', () => {
  for (const url of ['/login', '/register', '/terms', '/privacy', '/accessibility', '/password-update', '/emailverified/not-a-token', '/unverifiedprofile/someone%40example.com', '/unsubscribe?token=1.not-a-real-token-abcdefghij']) {
    test(`axe: ${url}`, async ({ page }) => visit(page, url));
  }
});

test.describe('as a plain user', () => {
  test.use({ as: 'educator' });

  test('axe: /feed and a user it links to', async ({ page }) => {
    await visit(page, '/feed');
    await follow(page, 'a[href^="/view-user/"]', 'a user');
  });
  test('axe: /scenarios and a scenario', async ({ page }) => {
    await visit(page, '/scenarios');
    await follow(page, 'a[href^="/scenario/"]', 'a scenario');
  });
  test('axe: /media and a media item', async ({ page }) => {
    await visit(page, '/media');
    await follow(page, 'a[href^="/media/"]:not([href="/media/upload"])', 'a media item');
  });
  test('axe: /me/forum/groups and a group', async ({ page }) => {
    await visit(page, '/me/forum/groups');
    await follow(page, 'a[href^="/forum/group/"]', 'a group');
  });
  test('axe: /search and a post', async ({ page }) => {
    await visit(page, '/search?q=scenario');
    await follow(page, 'a[href^="/post/"]', 'a post');
  });
  test('axe: /me/media and Edit Media', async ({ page }) => {
    await visit(page, '/me/media');
    await follow(page, '[data-testid="my-media-card"] button:has-text("Edit"):enabled', 'Edit Media');
  });
  for (const url of [
    '/tms/students',
    '/scenarios/upload',
    '/media/upload',
    '/me',
    '/notifications',
    '/me/profile',
    '/me/password',
    '/me/scenarios',
    '/me/downloads',
    '/me/support',
    '/forum/create',
    '/tms',
    '/terms',
    '/no/such/page',
  ]) {
    test(`axe: ${url}`, async ({ page }) => visit(page, url));
  }
});

test.describe('as an admin', () => {
  test.use({ as: 'admin' });

  for (const url of ['/admin/analytics', '/admin/users', '/admin/reported', '/admin/post', '/admin/reviewmedia', '/admin/builds', '/admin/audit']) {
    test(`axe: ${url}`, async ({ page }) => visit(page, url));
  }
  test('axe: /admin/licences and a contract', async ({ page }) => {
    await visit(page, '/admin/licences');
    await follow(page, 'a[href^="/admin/licences/contracts/"]', 'a contract');
  });
});
