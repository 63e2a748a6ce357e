// An S3-compatible server on loopback for tests (s3rver, pure JavaScript), plus the two calls it
// lacks that resumable uploads need: ListParts (the parts of an unfinished multipart upload) and
// AbortMultipartUpload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../src/server/config.js';
import { s3ClientConfig } from '../src/server/storage/s3.js';

export const S3_TEST_KEY = 'S3RVER';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * ListParts (GET /<bucket>/<key>?uploadId=...) from s3rver's own files of the upload, and
 * AbortMultipartUpload (DELETE with uploadId).
 */
async function multipartCalls(ctx: KoaContext, next: () => Promise<void>): Promise<void> {
  const uploadId = ctx.query.uploadId;
  const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  if (!['GET', 'DELETE'].includes(ctx.method) || typeof uploadId !== 'string' || !m || 'partNumber' in ctx.query) return next();
  const [, bucket, key] = m;
  const dir = path.join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  ctx.type = 'application/xml';
  if (!/^[0-9a-f]+$/i.test(uploadId) || !fs.existsSync(dir)) {
    ctx.status = 404;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
    return;
  }
  if (ctx.method === 'DELETE') {
    fs.rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
    return;
  }
  const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0;
  const parts = fs
    .readdirSync(dir)
    .filter((f) => /^\d+$/.test(f) && Number(f) > marker && fs.existsSync(path.join(dir, `${f}.md5`)))
    .map(Number)
    .sort((a, b) => a - b)
    .map((n) => {
      const stat = fs.statSync(path.join(dir, String(n)));
      const md5 = fs.readFileSync(path.join(dir, `${n}.md5`), 'utf8').trim();
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
    });
  ctx.status = 200;
  ctx.body =
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Bucket>${xml(bucket)}</Bucket><Key>${xml(decodeURIComponent(key))}</Key><UploadId>${xml(uploadId)}</UploadId>` +
    `<PartNumberMarker>${marker}</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
}

export interface TestS3Server {
  endpoint: string;
  directory: string;
  /** Storage settings for a bucket of this server (created by createBucket). */
  storageFor(bucket: string): Extract<StorageConfig, { driver: 's3' }>;
  createBucket(bucket: string): Promise<void>;
  /** Stop; keepFiles leaves the stored objects for a server started again on the same directory. */
  close(opts?: { keepFiles?: boolean }): Promise<void>;
}

export async function startS3Server(opts: { port?: number; directory?: string } = {}): Promise<TestS3Server> {
  const directory = opts.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: opts.port ?? 0, silent: true, directory, allowMismatchedSignatures: false });
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipartCalls);
  const info = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${info.port}`;
  const storageFor = (bucket: string) => ({
    driver: 's3' as const,
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: S3_TEST_KEY,
    secretAccessKey: S3_TEST_KEY,
    forcePathStyle: true,
  });
  return {
    endpoint,
    directory,
    storageFor,
    async createBucket(bucket) {
      const client = new S3Client(s3ClientConfig(storageFor(bucket)));
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
    async close(closeOpts) {
      await server.close();
      if (!closeOpts?.keepFiles) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
