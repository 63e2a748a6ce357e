import { expect, test } from '@playwright/test';
import { signedIn, signIn } from './support/auth';
import { installFakeNativeHost } from './support/fake-native-host';

test('every screen has its own title; a new screen is announced and its heading focused', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in - REALITi Community');
  await signedIn(page, 'educator');
  await expect(page).toHaveTitle('Home - REALITi Community');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scenarios' }).click();
  await expect(page).toHaveTitle('Scenarios - REALITi Community');
  await expect(page.getByRole('heading', { level: 1, name: 'Scenarios' })).toBeFocused();
  await expect(page.getByTestId('screen-announcer')).toHaveText('Scenarios - REALITi Community');
  // A view screen is titled with its item's name.
  await page.locator('main a[href^="/scenario/"]').first().click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  const name = (await heading.textContent())!.trim();
  expect(name).not.toBe('');
  await expect(page).toHaveTitle(`${name} - REALITi Community`);
  await expect(page.getByTestId('screen-announcer')).toHaveText(`${name} - REALITi Community`);
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found - REALITi Community');
});

test('a signed-out visitor is sent to /login', async ({ page }) => {
  await page.goto('/scenarios');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the not-found text, saying "Page not found" once', async ({ page }) => {
  await signedIn(page, 'educator', '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByText('The link you clicked may be broken or the page may have been removed.')).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Go to the feed' })).toBeVisible();
});

test('device info shows "No device info" outside the native app', async ({ page }) => {
  await signedIn(page, 'educator');
  await page.getByLabel('Device info').click();
  await expect(page.getByText('No device info')).toBeVisible();
});

test('device info shows ID and Product from the native host', async ({ page }) => {
  await installFakeNativeHost(page, { deviceId: 'IPAD-1234', product: 'REALITi' });
  await signedIn(page, 'educator');
  await page.getByLabel('Device info').click();
  await expect(page.getByTestId('device-id')).toHaveText('IPAD-1234');
  await expect(page.getByTestId('device-product')).toHaveText('REALITi');
});

test('Licensing shows only for canProvision users inside the native app', async ({ page }) => {
  await signIn(page, 'provisioner');
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Licensing' })).toHaveCount(0);
  await page.context().clearCookies();

  await installFakeNativeHost(page, { deviceId: 'IPAD-9', product: 'REALITi' });
  await signIn(page, 'provisioner');
  await expect(page.getByRole('link', { name: 'Licensing' })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'educator');
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Licensing' })).toHaveCount(0);
});

test('on a phone the main navigation folds behind the Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'educator');
  const scenarios = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scenarios' });
  await expect(scenarios).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(scenarios).toBeVisible();
  await scenarios.click();
  await expect(page).toHaveURL(/\/scenarios$/);
  await expect(scenarios).toBeHidden();
});

test('dropdown menus: one open at a time, closed by Escape and by a click outside', async ({ page }) => {
  await signedIn(page, 'educator');
  const profile = page.getByRole('link', { name: 'My Profile' });
  const postMenu = page.getByLabel(/^Post options for /).first();
  const postAction = page.getByRole('button', { name: /^(Delete|Report) post$/ }).first();

  await page.getByLabel('User menu').click();
  await expect(profile).toBeVisible();
  // Opening another menu closes the first.
  await postMenu.click();
  await expect(postAction).toBeVisible();
  await expect(profile).toBeHidden();
  // Escape closes it and gives focus back to its button.
  await page.keyboard.press('Escape');
  await expect(postAction).toBeHidden();
  await expect(postMenu).toBeFocused();
  // A click outside closes it.
  await page.getByLabel('User menu').click();
  await expect(profile).toBeVisible();
  await page.getByText(/Post\(s\) Available/).click();
  await expect(profile).toBeHidden();
  // A click inside a menu does not close it before the choice is made.
  await page.getByLabel('Device info').click();
  await page.getByText('No device info').click();
  await expect(page.getByText('No device info')).toBeVisible();
});

test('on a phone nothing widens the page: a long search term, the analytics charts', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'admin');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await page.goto(`/search?q=${'a'.repeat(300)}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Search results for/ })).toBeVisible();
  await expect(page.getByText('The search term must be at most 200 characters').first()).toBeVisible();
  expect(await overflow()).toBe(0);

  await page.goto('/admin/analytics');
  await expect(page.getByTestId('chart')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'New posts per month' })).toBeAttached();
  expect(await overflow()).toBe(0);
});

test("the user menu button's accessible name starts with the initials it shows", async ({ page }) => {
  await signedIn(page, 'educator');
  const menu = page.locator('summary:has(.avatar)');
  await expect(menu.locator('.avatar')).toHaveText('EE');
  await expect(menu).toHaveAccessibleName('EE User menu');
});

test('the contents links on /terms are targets of at least 24 by 24 px', async ({ page }) => {
  await page.goto('/terms');
  const links = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const boxes = await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => ({ width: r.width, height: r.height })));
  expect(boxes.length).toBeGreaterThan(5);
  for (const box of boxes) {
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
});

test('with reduced motion asked for, nothing keeps moving: the spinner stands still', async ({ page }) => {
  await page.goto('/terms');
  const spinning = () =>
    page.evaluate(() => {
      document.getElementById('motion-probe')?.remove();
      document.body.insertAdjacentHTML('beforeend', '<div class="spinner" id="motion-probe"><span class="spinner-dot"></span></div>');
      return document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity).length;
    });
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await spinning()).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await spinning()).toBe(0);
});

test('the accessibility statement is linked from the footer, open to all: standard, known gaps, contact', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page).toHaveTitle('Accessibility Statement - REALITi Community');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility Statement' })).toBeVisible();
  await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What does not meet the standard yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'accessibility@isimulate.com' })).toHaveAttribute('href', 'mailto:accessibility@isimulate.com');
  // Signed in, the same page in the app's frame, with the footer link too. (From the profile: on the
  // feed, scrolling to the footer loads more posts, which moves the footer away under the click.)
  await signedIn(page, 'educator', '/me');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility Statement' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('sign-in errors are read out as they appear and describe their fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username is required' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required');
});
