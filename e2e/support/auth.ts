import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO_PASSWORD = 'Community1';

/** Sign in through the login screen and wait for the feed. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/feed$/);
}
