// What a trainer notices at iPad and phone widths: short pages fit the screen, the create-post
// dialog shows one choice, and the phone layouts of the scenario list, the feed and the composer.
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

test('at 1024x768 a short page fits the screen with the footer in view', async ({ page }) => {
  await signIn(page, 'educator');
  for (const path of ['/me/support', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.footer')).toBeInViewport({ ratio: 1 });
    const { scroll, view } = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, view: window.innerHeight }));
    expect(scroll, `${path} is ${scroll} px tall in a ${view} px window`).toBeLessThanOrEqual(view);
  }
});

test('Create Post opened with Media focuses the Media choice, not Post', async ({ page }) => {
  await signIn(page, 'educator');
  await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Media', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog.getByRole('radio', { name: 'Media' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Media' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Post' })).not.toBeFocused();
});
