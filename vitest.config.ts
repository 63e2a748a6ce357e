import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { S3_TEST_FILES } from './tests/s3-files.js';

// TEST_STORAGE=s3 runs the files that use file storage (tests/s3-files.ts) again on S3 storage;
// TEST_S3_FILES=all runs every file given on the command line instead.
const s3Files = process.env.TEST_STORAGE === 's3' && process.env.TEST_S3_FILES !== 'all';

export default defineConfig({
  test: {
    // The API, lint and shared tests share their modules within a worker process (each file still
    // builds its own app on its own database): loading the server's modules again for every file
    // cost about a third of the run. The browser-side tests keep a fresh module graph per file,
    // since their modules bind to the environment's globals (IndexedDB, the DOM) as they load.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'server', include: s3Files ? S3_TEST_FILES : ['tests/server/**/*.test.ts', 'tests/lint/**/*.test.ts'] } },
      ...(s3Files ? [] : [{ extends: true as const, test: { name: 'client', include: ['tests/client/**/*.test.ts', 'tests/client/**/*.test.tsx'], isolate: true } }]),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests each get a fresh database; files run in parallel processes.
    pool: 'forks',
    // A test file spends most of its time waiting (on PostgreSQL, on the processes and servers it
    // starts), so two run at a time even on two cores (vitest's own default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Migrated template databases that test apps copy (tests/db-templates.ts); with
    // TEST_STORAGE=s3, an S3-compatible server on loopback for the whole run.
    globalSetup: ['tests/db-global-setup.ts', 'tests/s3-global-setup.ts'],
    // The AWS SDK's notice about its future Node versions, once per test process, is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
