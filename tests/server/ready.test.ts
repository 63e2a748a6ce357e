// GET /api/ready for load balancers: 200 only while the database and the file store answer; 503
// with a message when either does not, and once a shutdown has begun. /api/health stays liveness.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../s3-server.js';
import { buildTestApp, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('GET /api/ready (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { storage: { driver: 'local' } });
  });
  afterAll(() => t.close());

  it('answers 200 when the database and the file store answer; 503 once a shutdown has begun, while /api/health still answers', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    t.app.lifecycle.shuttingDown = true;
    try {
      const down = await t.app.inject('/api/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: 'The server is shutting down' });
      expect(down.headers['retry-after']).toMatch(/^\d+$/);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  it('answers 503 while the file store cannot be written', async () => {
    const files = path.join(t.dataDir, 'files');
    fs.renameSync(files, `${files}.away`);
    try {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The file store does not answer' });
    } finally {
      fs.renameSync(`${files}.away`, files);
    }
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  });
});

describe('GET /api/ready on S3', () => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    const storage = s3.storageFor(`ready-${crypto.randomBytes(4).toString('hex')}`);
    await s3.createBucket(storage.bucket);
    t = await buildTestApp('sqlite', { storage });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('answers 503 while the bucket does not answer, 200 again once it does', async () => {
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    const port = Number(new URL(s3.endpoint).port);
    await s3.close({ keepFiles: true });
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The file store does not answer' });
    s3 = await startS3Server({ port, directory: s3.directory });
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  });
});
