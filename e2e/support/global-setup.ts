// Before the tests: each demo user signs in once through the sign-in API on each worker's server;
// the storage state (the session cookie) is kept for signedIn (support/auth.ts). The login form
// itself is tested in auth.spec.ts; here it would cost a page load per user and server.
import fs from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { DEMO_USERS, apiAs } from './auth';
import { authDir, e2eServers, storageStateFile } from './servers';

export default async function globalSetup(config: FullConfig) {
  if (config.workers > e2eServers.length) {
    throw new Error(`${config.workers} workers but ${e2eServers.length} servers: set E2E_WORKERS=${config.workers} instead of --workers`);
  }
  fs.rmSync(authDir, { recursive: true, force: true });
  fs.mkdirSync(authDir, { recursive: true });
  await Promise.all(
    e2eServers.flatMap((server) =>
      DEMO_USERS.map(async (username) => {
        const api = await apiAs(server.url, username);
        await api.storageState({ path: storageStateFile(server, username) });
        await api.dispose();
      }),
    ),
  );
}
