// Readiness for load balancers (GET /api/ready): the database answers a query and the file store
// answers (S3: the bucket; local: the files folder is writable), each within READY_CHECK_MS; and no
// shutdown has begun. /api/health stays the cheap liveness answer.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';

/** How long each dependency has to answer before the server counts as not ready. */
export const READY_CHECK_MS = 2000;

export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down';
export const DATABASE_DOWN_MESSAGE = 'The database does not answer';
export const STORAGE_DOWN_MESSAGE = 'The file store does not answer';

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function storageAnswers(app: FastifyInstance): Promise<void> {
  const s3 = app.storage as Partial<{ client: S3Client; bucket: string }>;
  if (s3.client && s3.bucket) {
    await s3.client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    return;
  }
  await fsp.access(path.join(app.config.dataDir, 'files'), fsp.constants.W_OK);
}

/** null when ready, else why not. Checks running at the same moment share one round of checks. */
export function readinessCheck(app: FastifyInstance): () => Promise<string | null> {
  let checking: Promise<string | null> | null = null;
  const check = async (): Promise<string | null> => {
    const [db, storage] = await Promise.allSettled([within(sql`SELECT 1`.execute(app.db), READY_CHECK_MS), within(storageAnswers(app), READY_CHECK_MS)]);
    if (db.status === 'rejected') return DATABASE_DOWN_MESSAGE;
    if (storage.status === 'rejected') return STORAGE_DOWN_MESSAGE;
    return null;
  };
  return async () => {
    if (app.lifecycle.shuttingDown) return SHUTTING_DOWN_MESSAGE;
    checking ??= check().finally(() => (checking = null));
    const problem = await checking;
    return app.lifecycle.shuttingDown ? SHUTTING_DOWN_MESSAGE : problem;
  };
}
