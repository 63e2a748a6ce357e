// axe (WCAG 2.0-2.2, levels A and AA) on every main screen, signed out, as a plain user and as an
// admin: no critical or serious finding. Each role signs in once and its storage state is reused;
// every screen is loaded once (item screens are reached through their list's first link), a few
// screens to a test.
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

// The file's tests spread over all workers (it is the longest file, and would otherwise keep one
// worker busy long after the others have finished); each audits several screens.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

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

/** Screens audited one after another in one page (a fresh context per screen cost more than the audit). */
function auditAll(title: string, urls: string[]) {
  test(title, async ({ page }) => {
    for (const url of urls) await test.step(url, () => visit(page, url));
  });
}

test.describe('signed out', () => {
  auditAll('axe: sign-in, registration and the legal pages', ['/login', '/register', '/terms', '/privacy', '/accessibility']);
  auditAll('axe: password, e-mail and unsubscribe links', ['/password-update', '/emailverified/not-a-token', '/unverifiedprofile/someone%40example.com', '/unsubscribe?token=1.not-a-real-token-abcdefghij']);
});

test.describe('as a plain user', () => {
  test.use({ as: 'educator' });

  test('axe: /feed and a user it links to; /scenarios and a scenario', async ({ page }) => {
    await test.step('/feed', async () => {
      await visit(page, '/feed');
      await follow(page, 'a[href^="/view-user/"]', 'a user');
    });
    await test.step('/scenarios', async () => {
      await visit(page, '/scenarios');
      await follow(page, 'a[href^="/scenario/"]', 'a scenario');
    });
  });
  test('axe: /media and a media item; /me/media and Edit Media', async ({ page }) => {
    await test.step('/media', async () => {
      await visit(page, '/media');
      await follow(page, 'a[href^="/media/"]:not([href="/media/upload"])', 'a media item');
    });
    await test.step('/me/media', async () => {
      await visit(page, '/me/media');
      await follow(page, '[data-testid="my-media-card"] button:has-text("Edit"):enabled', 'Edit Media');
    });
  });
  test('axe: /me/forum/groups and a group; /search and a post', async ({ page }) => {
    await test.step('/me/forum/groups', async () => {
      await visit(page, '/me/forum/groups');
      await follow(page, 'a[href^="/forum/group/"]', 'a group');
    });
    await test.step('/search', async () => {
      await visit(page, '/search?q=scenario');
      await follow(page, 'a[href^="/post/"]', 'a post');
    });
  });
  auditAll('axe: TMS, uploads and the profile', ['/tms/students', '/tms', '/scenarios/upload', '/media/upload', '/me', '/me/profile']);
  auditAll('axe: notifications, password, my scenarios, downloads, support, a new group and a missing page', [
    '/notifications',
    '/me/password',
    '/me/scenarios',
    '/me/downloads',
    '/me/support',
    '/forum/create',
    '/terms',
    '/no/such/page',
  ]);
});

test.describe('as an admin', () => {
  test.use({ as: 'admin' });

  auditAll('axe: analytics, users, reported posts and posts', ['/admin/analytics', '/admin/users', '/admin/reported', '/admin/post']);
  test('axe: media review, builds, the audit log, /admin/licences and a contract', async ({ page }) => {
    for (const url of ['/admin/reviewmedia', '/admin/builds', '/admin/audit']) await test.step(url, () => visit(page, url));
    await test.step('/admin/licences', async () => {
      await visit(page, '/admin/licences');
      await follow(page, 'a[href^="/admin/licences/contracts/"]', 'a contract');
    });
  });
});
