// Before the tests: each demo user signs in once through the real login form on each worker's
// server; the storage state (the session cookie) is kept for signedIn (support/auth.ts).
import fs from 'node:fs';
import { chromium, type FullConfig } from '@playwright/test';
import { DEMO_USERS, signIn } from './auth';
import { authDir, e2eServers, storageStateFile } from './servers';

export default async function globalSetup(config: FullConfig) {
  if (config.workers > e2eServers.length) {
    throw new Error(`${config.workers} workers but ${e2eServers.length} servers: set E2E_WORKERS=${config.workers} instead of --workers`);
  }
  fs.rmSync(authDir, { recursive: true, force: true });
  fs.mkdirSync(authDir, { recursive: true });
  const browser = await chromium.launch(config.projects[0].use.launchOptions);
  try {
    // The servers side by side, each one's users in turn (ten page loads at once is too many for a
    // busy 2-core machine). Outside a test neither the config's timeouts nor its actionTimeout
    // apply: allow a slow machine a minute.
    await Promise.all(e2eServers.map(async (server) => {
      for (const username of DEMO_USERS) {
        const context = await browser.newContext({ baseURL: server.url });
        context.setDefaultTimeout(60_000);
        await signIn(await context.newPage(), username, undefined, 60_000);
        await context.storageState({ path: storageStateFile(server, username) });
        await context.close();
      }
    }));
  } finally {
    await browser.close();
  }
}
