// The S3 storage driver (STORAGE=s3): objects in one bucket of AWS S3 or an S3-compatible server
// (MinIO, R2...), shared by every server process. Writes stream as multipart uploads, reads stream
// (with byte ranges) through the app, so downloads keep the app's signed links and checks.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { PassThrough, Transform, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.js';
import type { Storage } from './storage.js';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

/** Options of the SDK's client for the configured bucket (the tus store builds its own client from them). */
export function s3ClientConfig(c: S3StorageConfig): S3ClientConfig {
  return {
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.forcePathStyle,
    ...(c.accessKeyId && c.secretAccessKey ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } } : {}),
    // Checksums only where the API demands them: many S3-compatible servers refuse the newer
    // default (flexible checksums on every request).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function isS3NotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((p) => p === '' || p === '.' || p === '..')) throw new Error('Invalid storage key');
  return key;
}

/** S3 copy sources are '<bucket>/<key>' with the key URL-encoded. */
const copySource = (bucket: string, key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

export function s3Storage(config: S3StorageConfig, client: S3Client = new S3Client(s3ClientConfig(config))): Storage & { client: S3Client; bucket: string } {
  const Bucket = config.bucket;

  async function put(key: string, source: Readable): Promise<number> {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    source.on('error', (err) => counter.destroy(err));
    source.pipe(counter);
    // 8 MB parts, two at a time: a 512 MB file streams through with about 16 MB in memory.
    const upload = new Upload({ client, params: { Bucket, Key: checkKey(key), Body: counter }, partSize: 8 * 1024 * 1024, queueSize: 2 });
    await upload.done();
    return size;
  }

  return {
    client,
    bucket: Bucket,
    put,
    async putFile(key, filePath) {
      const size = await put(key, fs.createReadStream(filePath));
      await fsp.rm(filePath, { force: true });
      return size;
    },
    async copy(fromKey, toKey) {
      await client.send(new CopyObjectCommand({ Bucket, Key: checkKey(toKey), CopySource: copySource(Bucket, checkKey(fromKey)) }));
    },
    read(key, range) {
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        .then(
          (res) => {
            const body = res.Body as Readable;
            body.on('error', (err) => out.destroy(err));
            // The consumer went away (a client closed a download): stop reading from S3.
            out.on('close', () => body.destroy());
            body.pipe(out);
          },
          (err: unknown) => {
            if (isS3NotFound(err)) out.destroy(Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' }));
            // A range past the end of an empty object: no bytes.
            else if ((err as { name?: string }).name === 'InvalidRange') out.end();
            else out.destroy(err as Error);
          },
        );
      return out;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isS3NotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
