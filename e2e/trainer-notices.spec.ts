// What a trainer notices at iPad and phone widths: short pages fit the screen, the create-post
// dialog shows one choice, and the phone layouts of the scenario list, the feed and the composer.
import { expect, test } from '@playwright/test';
import { signedIn } from './support/auth';

test('at 1024x768 a short page fits the screen with the footer in view', async ({ page }) => {
  await signedIn(page, 'educator');
  for (const path of ['/me/support', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.footer')).toBeInViewport({ ratio: 1 });
    const { scroll, view } = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, view: window.innerHeight }));
    expect(scroll, `${path} is ${scroll} px tall in a ${view} px window`).toBeLessThanOrEqual(view);
  }
});

test('Create Post opened with Media focuses the Media choice, not Post', async ({ page }) => {
  await signedIn(page, 'educator');
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Media', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog.getByRole('radio', { name: 'Media' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Media' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Post' })).not.toBeFocused();
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the scenario filters fold behind a Filters button that counts the active ones', async ({ page }) => {
    await signedIn(page, 'educator', '/scenarios');
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveText('Filters');
    await expect(page.getByLabel('Patient Age')).toBeHidden();
    await expect(page.locator('main a[href^="/scenario/"]').first()).toBeInViewport();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Patient Age').selectOption('Adult');
    await expect(page).toHaveURL(/age=2/);
    await expect(toggle).toHaveText('Filters (1)');
    await page.goto('/scenarios?age=2&condition=1');
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveText('Filters (2)');
  });

  test('the feed: My Groups and Favourites above the list of posts, three composer buttons on one line, offline badges alike', async ({ page }) => {
    await signedIn(page, 'educator');
    await expect(page.locator('.post-card').first()).toBeVisible();
    const groupsTop = (await page.getByRole('heading', { name: 'My Groups' }).boundingBox())!.y;
    const listEnd = (await page.locator('.feed-sentinel').boundingBox())!.y;
    expect(groupsTop).toBeLessThan(listEnd);
    const kinds = page.locator('.create-post-kinds > .btn');
    await expect(kinds).toHaveCount(3);
    const tops = await kinds.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size, `composer buttons at ${tops.join(', ')}`).toBe(1);
    // Every favourite shows its offline badge on one line at the end of its row.
    const favourites = page.locator('section[aria-labelledby="fav-scenarios-heading"] li');
    const rows = await favourites.count();
    expect(rows).toBeGreaterThan(1);
    await expect(favourites.getByTestId('offline-badge')).toHaveCount(rows, { timeout: 30_000 });
    const boxes = await favourites.getByTestId('offline-badge').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { right: Math.round(r.right), height: Math.round(r.height), lines: e.getClientRects().length };
    }));
    expect(new Set(boxes.map((b) => b.right)).size, JSON.stringify(boxes)).toBe(1);
    expect(new Set(boxes.map((b) => b.height)).size, JSON.stringify(boxes)).toBe(1);
    expect(boxes.every((b) => b.lines === 1), JSON.stringify(boxes)).toBe(true);
  });
});
