// End-to-end tests in Debian's Chromium (no browser download): CHROMIUM_PATH or /usr/bin/chromium.
// The web server is what `npm start` runs (the compiled server and the built client, rebuilt only
// when stale) on a fresh data dir with demo data.
import { defineConfig } from '@playwright/test';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('.tmp/e2e-data');
export const e2eDataDir = dataDir;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    // An action that cannot happen fails with its own message instead of using up the test's time.
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1024, height: 768 } } }],
  webServer: {
    command: `rm -rf "${dataDir}" && node scripts/start.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '200',
      // The suite signs in many times; keep the login limit out of its way.
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_EMAIL: '1000',
      // A configured web editor: 'Create Scenario' and 'Open in Editor' show only when one is.
      WEB_EDITOR_URL: 'https://editor.isimulate.test/',
    },
  },
});
