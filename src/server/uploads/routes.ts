// The shared upload endpoints: resumable uploads at /uploads/tus. Multipart upload calls live in
// the features that own them (scenarios, media, posts) and use ./multipart.ts.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { tusRoutes } from './tus.js';
import { uploadTempDir } from './multipart.js';

const TEMP_MAX_AGE_MS = 24 * 3600_000;

/** Temp files of multipart uploads that a crash left behind. */
async function sweepTempFiles(dir: string): Promise<void> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - TEMP_MAX_AGE_MS;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true, recursive: true });
  }
}

export default async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tusRoutes);
  app.addHook('onReady', async () => {
    void sweepTempFiles(uploadTempDir(app));
  });
}
