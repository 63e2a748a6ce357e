import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest } from '@playwright/test';
import { ownE2EServer, storageStateFile } from './servers';

export const DEMO_PASSWORD = 'Community1';

/** The demo users the global setup signs in on every server (README: demo logins). */
export const DEMO_USERS = ['educator', 'admin', 'provisioner', 'tester', 'paramedic'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Sign in through the login screen and wait for the feed (within `timeout` ms, else expect's own). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, timeout?: number) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/feed$/, { timeout });
  // The feed has its posts: nothing moves any more under what the test clicks next.
  await expect(page.getByTestId('feed-count')).toBeVisible({ timeout });
}

/**
 * The storage-state file of a demo user's session on this worker's server, made by the global
 * setup: for `test.use({ storageState: storageStateOf('educator') })`.
 */
export const storageStateOf = (username: DemoUser) => storageStateFile(ownE2EServer, username);

interface SavedState {
  cookies: Parameters<import('@playwright/test').BrowserContext['addCookies']>[0];
}

/**
 * Open `path` (the feed unless told) as a demo user with the session the global setup signed in, in
 * place of signing in through the form (tests about signing in use signIn). The session is shared
 * by every test of the worker: a test that signs out or changes the user's password or account uses
 * signIn or its own account. A session that another test ended (a user disabled by an admin) is
 * signed in again through the form and kept for the next tests.
 */
export async function signedIn(page: Page, username: DemoUser, path = '/feed') {
  const file = storageStateOf(username);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedState;
  await page.context().addCookies(saved.cookies);
  const me = await page.request.get('/api/users/me');
  if (!me.ok()) {
    await signIn(page, username);
    await page.context().storageState({ path: file });
    if (path === '/feed') return;
  }
  await page.goto(path);
  if (path !== '/feed') return;
  await expect(page).toHaveURL(/\/feed$/);
  // The feed has its posts: nothing moves any more under what the test clicks next.
  await expect(page.getByTestId('feed-count')).toBeVisible();
}

/** A text no other test run has used (titles of posts a test makes and then looks for). */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** An API client signed in as `username` on the server at `baseURL` (its own session). */
export async function apiAs(baseURL: string, username: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/auth', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return ctx;
}
