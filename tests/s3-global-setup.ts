// vitest global setup: with TEST_STORAGE=s3 and no TEST_S3_ENDPOINT, start an S3-compatible server
// on loopback for the run (every test app gets its own bucket on it; tests/server/helpers.ts).
import { startS3Server, type TestS3Server } from './s3-server.js';

let server: TestS3Server | undefined;

export async function setup(): Promise<void> {
  if (process.env.TEST_STORAGE !== 's3' || process.env.TEST_S3_ENDPOINT) return;
  server = await startS3Server();
  process.env.TEST_S3_ENDPOINT = server.endpoint;
}

export async function teardown(): Promise<void> {
  await server?.close();
}
