// The API test files that run a second time on S3 storage (npm run test:s3): every file whose test
// apps use file storage. tests/server/helpers.ts fails a file that uses storage on the local driver
// but is missing here, so no storage code path goes without its S3 run. The other files never
// reach the storage driver (or start servers of their own that ignore TEST_STORAGE), so a second
// run of them on S3 would repeat the first.
export const S3_TEST_FILES: string[] = [
  'tests/server/bad-input.test.ts',
  'tests/server/exchange-seed.test.ts',
  'tests/server/exchange.test.ts',
  'tests/server/hygiene.test.ts',
  'tests/server/i18n.test.ts',
  'tests/server/licences.test.ts',
  'tests/server/lists.test.ts',
  'tests/server/media.test.ts',
  'tests/server/post-uploads.test.ts',
  'tests/server/prerelease.test.ts',
  'tests/server/reactions.test.ts',
  'tests/server/realiti-format.test.ts',
  'tests/server/scenarios.test.ts',
  'tests/server/storage-faults.test.ts',
  'tests/server/uploads.test.ts',
];
