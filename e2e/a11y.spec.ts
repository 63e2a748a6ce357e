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

/** A screen to audit; with `then`, also the item screen its first link matching `link` leads to. */
type Screen = string | { url: string; then: { link: string; screen: string } };

/** Screens audited one after another in one page (a fresh context per screen cost more than the audit). */
function auditAll(title: string, screens: Screen[]) {
  test(title, async ({ page }) => {
    for (const screen of screens) {
      const url = typeof screen === 'string' ? screen : screen.url;
      await test.step(url, async () => {
        await visit(page, url);
        if (typeof screen !== 'string') await follow(page, screen.then.link, screen.then.screen);
      });
    }
  });
}

test.describe('signed out', () => {
  auditAll('axe: sign-in, registration and the legal pages', ['/login', '/register', '/terms', '/privacy', '/accessibility']);
  auditAll('axe: password, e-mail and unsubscribe links', ['/password-update', '/emailverified/not-a-token', '/unverifiedprofile/someone%40example.com', '/unsubscribe?token=1.not-a-real-token-abcdefghij']);
});

test.describe('as a plain user', () => {
  test.use({ as: 'educator' });

  auditAll('axe: /feed and a user it links to; /scenarios and a scenario', [
    { url: '/feed', then: { link: 'a[href^="/view-user/"]', screen: 'a user' } },
    { url: '/scenarios', then: { link: 'a[href^="/scenario/"]', screen: 'a scenario' } },
  ]);
  auditAll('axe: /media and a media item; /me/media and Edit Media', [
    { url: '/media', then: { link: 'a[href^="/media/"]:not([href="/media/upload"])', screen: 'a media item' } },
    { url: '/me/media', then: { link: '[data-testid="my-media-card"] button:has-text("Edit"):enabled', screen: 'Edit Media' } },
  ]);
  auditAll('axe: /me/forum/groups and a group; /search and a post', [
    { url: '/me/forum/groups', then: { link: 'a[href^="/forum/group/"]', screen: 'a group' } },
    { url: '/search?q=scenario', then: { link: 'a[href^="/post/"]', screen: 'a post' } },
  ]);
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
  auditAll('axe: media review, builds, the audit log, /admin/licences and a contract', [
    '/admin/reviewmedia',
    '/admin/builds',
    '/admin/audit',
    { url: '/admin/licences', then: { link: 'a[href^="/admin/licences/contracts/"]', screen: 'a contract' } },
  ]);
});
