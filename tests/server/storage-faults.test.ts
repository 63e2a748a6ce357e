// The file store failing under the app: an S3 server that goes away answers 503 (downloads and
// resumable uploads), and the upload continues from its offset once the store is back; a disk that
// fills up mid-upload answers 507 'The server is out of storage space', the upload stays resumable
// and the database intact.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUploadKind, storeAcceptedFile } from '../../src/server/uploads/registry.js';
import { signFileUrl } from '../../src/server/storage/signed-url.js';
import { MAX_UPLOAD_BYTES } from '../../src/shared/limits.js';
import { startS3Server, type TestS3Server } from '../s3-server.js';
import { as, buildTestApp, createUser, readStored, type TestApp, type TestUser } from './helpers.js';

registerUploadKind({
  name: 'faultkind',
  extensions: ['.json'],
  maxBytes: MAX_UPLOAD_BYTES,
  maxFiles: 3,
  sniff: () => null,
  async accept(app, _user, file) {
    const uuid_id = crypto.randomUUID();
    await storeAcceptedFile(app.storage, `faultkind/${uuid_id}.json`, file);
    return { id: 1, uuid_id };
  },
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };
const bytes = Buffer.from(JSON.stringify({ x: 'a'.repeat(200_000) }));

const create = (app: FastifyInstance, user: TestUser) =>
  as(app, user, { method: 'POST', url: '/uploads/tus', headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${b64('doc.json')},kind ${b64('faultkind')}` } });
const patch = (app: FastifyInstance, user: TestUser, location: string, offset: number, chunk: Buffer) =>
  as(app, user, { method: 'PATCH', url: location, headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: chunk });
const head = (app: FastifyInstance, user: TestUser, location: string) => as(app, user, { method: 'HEAD', url: location, headers: TUS });

describe('an S3 store that goes away', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let user: TestUser;
  let port = 0;

  beforeAll(async () => {
    s3 = await startS3Server();
    port = Number(new URL(s3.endpoint).port);
    const storage = s3.storageFor(`faults-${crypto.randomBytes(4).toString('hex')}`);
    await s3.createBucket(storage.bucket);
    t = await buildTestApp('sqlite', { storage });
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('downloads and upload chunks get 503 with Retry-After while it is down; the upload resumes from its offset once it is back', async () => {
    await t.app.storage.put('files/kept.json', Readable.from([Buffer.from('{"kept":true}')]));
    const link = signFileUrl(t.app.config.sessionSecret, 'files/kept.json');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    const created = await create(t.app, user);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect((await patch(t.app, user, location, 0, bytes.subarray(0, 100_000))).statusCode).toBe(204);

    await s3.close({ keepFiles: true });
    const started = Date.now();
    const download = await t.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(503);
    expect(download.json().message).toMatch(/temporarily unavailable/);
    expect(download.headers['retry-after']).toMatch(/^\d+$/);
    expect(Date.now() - started).toBeLessThan(3000);
    const chunk = await patch(t.app, user, location, 100_000, bytes.subarray(100_000));
    expect(chunk.statusCode).toBe(503);
    expect(chunk.json().message).toMatch(/temporarily unavailable/);
    expect(chunk.headers['retry-after']).toMatch(/^\d+$/);

    // A form upload's file the store cannot take says why, in its batch's error list.
    const boundary = `----faults${crypto.randomBytes(6).toString('hex')}`;
    const png = fs.readFileSync(path.resolve('src/server/db/seed/fixtures/media/patient-monitor.png'));
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mediaFiles"; filename="monitor.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const form = await as(t.app, user, { method: 'POST', url: '/api/media/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ successes: [], errors: [{ filename: 'monitor.png', message: expect.stringMatching(/temporarily unavailable/) }] });

    s3 = await startS3Server({ port, directory: s3.directory });
    expect((await t.app.inject({ method: 'GET', url: link })).body).toBe('{"kept":true}');
    const offset = await head(t.app, user, location);
    expect(offset.statusCode).toBe(200);
    expect(offset.headers['upload-offset']).toBe('100000');
    const last = await patch(t.app, user, location, 100_000, bytes.subarray(100_000));
    expect(last.statusCode).toBe(200);
    const { uuid_id } = last.json<{ uuid_id: string }>();
    expect((await readStored(t.app, `faultkind/${uuid_id}.json`)).equals(bytes)).toBe(true);
  });
});

describe('a disk that fills up mid-upload', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { storage: { driver: 'local' } });
    user = await createUser(t.app);
  });
  afterAll(() => t.close());

  it.skipIf(!fs.existsSync('/dev/full'))('answers 507 with a message; the upload keeps its offset and finishes once there is space; the database is intact', async () => {
    const created = await create(t.app, user);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;
    expect((await patch(t.app, user, location, 0, bytes.subarray(0, 100_000))).statusCode).toBe(204);

    // The upload's writes now go to a device that is always full: the kernel fails them with ENOSPC.
    const file = path.join(t.dataDir, 'tus', id);
    const open = fs.createWriteStream;
    const spy = vi
      .spyOn(fs, 'createWriteStream')
      .mockImplementation(((target: fs.PathLike, options?: Parameters<typeof open>[1]) => open(String(target) === file ? '/dev/full' : target, options)) as typeof open);
    let full;
    try {
      full = await patch(t.app, user, location, 100_000, bytes.subarray(100_000));
    } finally {
      spy.mockRestore();
    }
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ message: 'The server is out of storage space' });

    // Space again: the bytes written before are there, and the upload resumes from them.
    const offset = await head(t.app, user, location);
    expect(offset.headers['upload-offset']).toBe('100000');
    const last = await patch(t.app, user, location, 100_000, bytes.subarray(100_000));
    expect(last.statusCode).toBe(200);
    const { uuid_id } = last.json<{ uuid_id: string }>();
    expect((await readStored(t.app, `faultkind/${uuid_id}.json`)).equals(bytes)).toBe(true);
    const row = await t.app.db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.result_uuid_id).toBe(uuid_id);
    expect((await as(t.app, user, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  });

  it('a stored file write that runs out of space is 507, not 500', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: errors } = await import('../../src/server/plugins/errors.js');
    const app = Fastify();
    await app.register(errors);
    app.get('/write', async () => {
      await fs.promises.writeFile('/dev/full', 'x');
      return {};
    });
    const res = await app.inject('/write');
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ message: 'The server is out of storage space' });
    await app.close();
  });
});
