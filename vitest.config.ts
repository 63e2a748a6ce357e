import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests each get a fresh database; files run in parallel processes.
    pool: 'forks',
    // TEST_STORAGE=s3: an S3-compatible server on loopback for the whole run.
    globalSetup: ['tests/s3-global-setup.ts'],
    // The AWS SDK's notice about its future Node versions, once per test process, is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
