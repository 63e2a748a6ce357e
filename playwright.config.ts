// End-to-end tests in Debian's headless shell or Chromium (no browser download; e2e/support/browser.ts).
// The web server is what `npm start` runs (the compiled server and the built client, rebuilt only
// when stale) on a fresh data dir with demo data: one per worker (e2e/support/servers.ts), so spec
// files run in parallel; the tests inside a file run in order. The global setup signs each demo
// user in once per server and keeps the sessions (e2e/support/auth.ts: signedIn).
import { defineConfig } from '@playwright/test';
import { e2eServers, e2eWorkers, ownE2EServer } from './e2e/support/servers';
import { suiteBrowser } from './e2e/support/browser';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: e2eWorkers,
  // Two retries on CI: the offline specs still have races under load (see docs/testing.md).
  retries: process.env.CI ? 2 : 0,
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // This file is loaded again in each worker, where ownE2EServer is that worker's server.
    baseURL: ownE2EServer.url,
    trace: 'off',
    // The service worker precaches the whole app into every new context (about 130 files): the specs
    // that test it (offline, install and update, push, the outbox) allow it; the others test
    // screens and run without it, which costs the browser a sixth less.
    serviceWorkers: 'block',
    // An action that cannot happen fails with its own message instead of using up the test's time.
    actionTimeout: 15_000,
    // Debian's headless shell when installed, else its Chromium (e2e/support/browser.ts).
    launchOptions: suiteBrowser,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1024, height: 768 } } }],
  // Started one after the other: the first builds the client and the server when they are stale.
  webServer: e2eServers.map((server) => ({
    command: `rm -rf "${server.dataDir}" && node scripts/start.mjs`,
    url: `${server.url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      PUBLIC_URL: server.url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '200',
      // The suite signs in many times; keep the login limit out of its way.
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_EMAIL: '1000',
      // A configured web editor: 'Create Scenario' and 'Open in Editor' show only when one is.
      WEB_EDITOR_URL: 'https://editor.isimulate.test/',
    },
  })),
});
