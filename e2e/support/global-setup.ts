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
    await Promise.all(e2eServers.flatMap((server) => DEMO_USERS.map(async (username) => {
      const context = await browser.newContext({ baseURL: server.url });
      // Outside a test expect's timeout is not the config's: wait as long as a test would.
      await signIn(await context.newPage(), username, undefined, 60_000);
      await context.storageState({ path: storageStateFile(server, username) });
      await context.close();
    })));
  } finally {
    await browser.close();
  }
}
