// Shared steps of the specs that run the app in another language: the account's language setting,
// and the check that a screen fits the window (long German words must wrap, not widen the page).
import { expect, type Page } from '@playwright/test';

/** Sets the signed-in account's language (null: follow the browser). */
export async function setAccountLanguage(page: Page, language: 'de' | 'en' | null) {
  const res = await page.request.patch('/api/users/me', { data: { language } });
  expect(res.status()).toBe(200);
}

/** Fails when the page scrolls sideways: something is wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where} is wider than the window`).toBeLessThanOrEqual(clientWidth);
}
