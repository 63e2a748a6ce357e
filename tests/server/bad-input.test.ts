// Bad input at the edges gets a clear 4xx, never a 5xx, on both databases (issue "Server trust"):
// broken multipart bodies, unsatisfiable ranges, malformed paths, deep JSON, NUL bytes, tus
// extensions we do not offer; and Idempotency-Key that survives a crash and compares multipart bodies.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { signFileUrl } from '../../src/server/storage/signed-url.js';
import { NUL_MESSAGE } from '../../src/shared/schemas/common.js';

const INVALID_FORM = 'The upload was not a valid multipart form';
const TOO_DEEP = 'The request body is nested too deeply';
const OTHER_REQUEST = 'This Idempotency-Key was already used for a different request';
const IN_PROGRESS = 'A request with this Idempotency-Key is still in progress';
const PNG = fs.readFileSync(path.resolve('src/server/db/seed/fixtures/media/patient-monitor.png'));
const b64 = (s: string) => Buffer.from(s).toString('base64');
const LEASE_MS = 600;

/** Wait (polling) until `check` holds. */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

/** A multipart body built by hand; `boundary` may be anything, and the body may be cut. */
function form(parts: Part[], boundary = `----bad${crypto.randomBytes(6).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), p.content);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), boundary };
}

const FORM_ROUTES = [
  { url: '/api/media/upload', file: { name: 'mediaFiles', filename: 'monitor.png', content: PNG } },
  { url: '/api/scenarios/upload', file: { name: 'scenFiles', filename: 'case.json', content: Buffer.from(`{"name":"${'x'.repeat(4000)}"}`) } },
  { url: '/api/forumpost/CreatePost', file: { name: 'mediaToUpload', filename: 'monitor.png', content: PNG } },
];

describe.each(dbKinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    // A short lease, so a test can see a running request outlive it.
    t = await buildTestApp(kind, { idempotencyLeaseMs: LEASE_MS });
    user = await createUser(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  const tempFiles = () => {
    const dir = path.join(t.dataDir, 'tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  describe('broken multipart bodies answer 400 with a message', () => {
    for (const route of FORM_ROUTES) {
      const fields: Part[] = [{ name: 'title', value: 'A title' }, { name: 'text', value: 'Some text' }, route.file];
      const cases: [string, () => { payload: Buffer; contentType: string }][] = [
        ['no boundary', () => ({ payload: form(fields).payload, contentType: 'multipart/form-data' })],
        ['a wrong boundary', () => ({ payload: form(fields).payload, contentType: 'multipart/form-data; boundary=not-the-one' })],
        ['a truncated body', () => {
          const f = form(fields);
          return { payload: f.payload.subarray(0, f.payload.length - 600), contentType: `multipart/form-data; boundary=${f.boundary}` };
        }],
        ['a 200-character boundary', () => {
          const f = form(fields, 'b'.repeat(200));
          return { payload: f.payload, contentType: `multipart/form-data; boundary=${f.boundary}` };
        }],
        ['a 300-character boundary', () => {
          const f = form(fields, 'c'.repeat(300));
          return { payload: f.payload, contentType: `multipart/form-data; boundary=${f.boundary}` };
        }],
      ];
      it.each(cases)(`${route.url}: %s`, async (_name, build) => {
        const { payload, contentType } = build();
        const res = await as(t.app, user, { method: 'POST', url: route.url, payload, headers: { 'content-type': contentType } });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ message: INVALID_FORM });
        expect(tempFiles()).toEqual([]);
      });
    }

    it('removes the temp file of an upload cut in the middle of a file', async () => {
      const big = Buffer.concat([PNG, crypto.randomBytes(256 * 1024)]);
      const f = form([{ name: 'mediaFiles', filename: 'cut.png', content: big }]);
      const payload = f.payload.subarray(0, 200 * 1024);
      const res = await as(t.app, user, { method: 'POST', url: '/api/media/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${f.boundary}` } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_FORM });
      expect(tempFiles()).toEqual([]);
      const media = await t.app.db.selectFrom('media').select('id').where('contributed_by', '=', user.id).execute();
      expect(media).toEqual([]);
    });

    it('still accepts a well-formed upload', async () => {
      const f = form([{ name: 'mediaFiles', filename: 'fine.png', content: PNG }], 'x'.repeat(70));
      const res = await as(t.app, user, { method: 'POST', url: '/api/media/upload', payload: f.payload, headers: { 'content-type': `multipart/form-data; boundary=${f.boundary}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().successes).toHaveLength(1);
    });
  });

  describe('stored files', () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    let key: string;
    beforeAll(async () => {
      key = `test/${crypto.randomUUID()}/100% sure.png`;
      await t.app.storage.put(key, Readable.from([bytes]));
    });
    const url = (k = key) => signFileUrl(t.app.config.sessionSecret, k, { fileName: 'sure.png', disposition: 'inline' });

    it('serves the file, a satisfiable range, and a name holding a percent sign', async () => {
      const all = await t.app.inject({ method: 'GET', url: url() });
      expect(all.statusCode).toBe(200);
      expect(all.rawPayload.equals(bytes)).toBe(true);
      expect(all.headers['content-type']).toBe('image/png');
      const part = await t.app.inject({ method: 'GET', url: url(), headers: { range: 'bytes=2-5' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 2-5/${bytes.length}`);
      expect(part.body).toBe('2345');
      const tail = await t.app.inject({ method: 'GET', url: url(), headers: { range: 'bytes=-3' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.body).toBe('hij');
      const longSuffix = await t.app.inject({ method: 'GET', url: url(), headers: { range: 'bytes=-999' } });
      expect(longSuffix.statusCode).toBe(206);
      expect(longSuffix.headers['content-range']).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
      expect(longSuffix.rawPayload.equals(bytes)).toBe(true);
      for (const ignored of ['bytes=0-1,3-4', 'items=0-1']) {
        const whole = await t.app.inject({ method: 'GET', url: url(), headers: { range: ignored } });
        expect(whole.statusCode).toBe(200);
        expect(whole.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it.each(['bytes=999999-', 'bytes=-0', 'bytes=20-', 'bytes=5-2'])('answers 416 to the unsatisfiable range %s', async (range) => {
      const res = await t.app.inject({ method: 'GET', url: url(), headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(res.json()).toEqual({ message: 'Range not satisfiable' });
    });

    it.each(['/api/files/%E0%A4%A', '/api/files/%25E0', '/api/files/test/%ZZ/x.png', '/api/files/%C0%80?exp=1&disp=inline&name=a&sig=b'])(
      'answers 404 to the malformed path %s',
      async (bad) => {
        const res = await t.app.inject({ method: 'GET', url: bad });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toHaveProperty('message');
      },
    );

    it('answers 404 to a link whose query is repeated or missing', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${url()}&name=other` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('message');
      const bare = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
      expect(bare.statusCode).toBe(404);
    });
  });

  describe('JSON bodies', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const post = (payload: string, headers: Record<string, string> = {}) =>
      as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload, headers: { 'content-type': 'application/json', ...headers } });

    it('refuses JSON nested 10 000 deep with the same 422 with or without an Idempotency-Key', async () => {
      const plain = await post(deep);
      const keyed = await post(deep, { 'idempotency-key': crypto.randomUUID() });
      expect(plain.statusCode).toBe(422);
      expect(plain.json()).toEqual({ message: TOO_DEEP });
      expect(keyed.statusCode).toBe(422);
      expect(keyed.json()).toEqual({ message: TOO_DEEP });
      const objects = await post('{"a":'.repeat(100) + '1' + '}'.repeat(100), { 'idempotency-key': crypto.randomUUID() });
      expect(objects.statusCode).toBe(422);
      expect(objects.json()).toEqual({ message: TOO_DEEP });
    });

    it('counts only structure, not brackets inside strings, and still parses ordinary bodies', async () => {
      const res = await post(JSON.stringify({ title: '[['.repeat(40), text: '{"a":'.repeat(80) + '\\"[' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().title).toBe('[['.repeat(40));
    });

    it('refuses an array where the call takes an object, and changes nothing', async () => {
      const created = await as(t.app, user, { method: 'POST', url: '/api/forumgroup/creategroup', payload: { name: 'Array probe', description: 'Kept' } });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      for (const payload of ['[]', '["x"]', '[{"name":"Renamed"}]']) {
        const res = await as(t.app, user, { method: 'PATCH', url: `/api/forumgroup/updategroup/${id}`, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, payload).toBe(422);
        expect(res.json()).toEqual({ message: 'Invalid type: Expected Object but received Array' });
      }
      const group = await as(t.app, user, { method: 'GET', url: `/api/forumgroup/${id}` });
      expect(group.json()).toMatchObject({ name: 'Array probe', description: 'Kept' });
    });

    it('keeps answering 400 to invalid JSON and to prototype poisoning', async () => {
      for (const body of ['{"title":', '', '{"__proto__":{"x":1},"title":"t","text":"x"}', '{"constructor":{"prototype":{"x":1}}}']) {
        const res = await post(body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
      }
    });
  });

  describe('NUL characters', () => {
    it.each([
      ['GET', '/api/health?x=%00'],
      ['GET', '/api/scenarios/1%00'],
      ['GET', '/api/files/a%00b.png?exp=1&disp=inline&name=a&sig=b'],
      ['GET', '/api/no-such-route/%00'],
      ['GET', '/api/Notification?offset=0%00'],
      ['POST', '/api/forumpost/report/1%00'],
      ['GET', '/api/health?%00=1'],
    ])('%s %s -> 422', async (method, url) => {
      const res = await as(t.app, user, { method: method as 'GET', url });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: NUL_MESSAGE });
    });

    it('refuses NUL in multipart text fields and file names on every upload route', async () => {
      for (const route of FORM_ROUTES) {
        for (const parts of [
          [{ name: 'title', value: 'A\0title' }, { name: 'text', value: 'x' }],
          [{ name: 'note', value: 'ignored\0field' }, route.file],
          [{ name: 'title', value: 'T' }, { name: 'text', value: 'x' }, { ...route.file, filename: 'nul\0.png' }],
        ] as Part[][]) {
          const f = form(parts);
          const res = await as(t.app, user, { method: 'POST', url: route.url, payload: f.payload, headers: { 'content-type': `multipart/form-data; boundary=${f.boundary}` } });
          expect(res.statusCode, `${route.url} ${res.body}`).toBe(422);
          expect(res.json()).toEqual({ message: NUL_MESSAGE });
        }
      }
      expect(tempFiles()).toEqual([]);
    });
  });

  describe('tus extensions the server does not offer', () => {
    const create = (headers: Record<string, string>) =>
      as(t.app, user, {
        method: 'POST',
        url: '/uploads/tus',
        headers: { 'tus-resumable': '1.0.0', 'upload-metadata': `filename ${b64('case.json')},kind ${b64('scenario')}`, ...headers },
      });

    it.each([
      ['Upload-Concat partial', { 'upload-concat': 'partial', 'upload-length': '10' }],
      ['Upload-Concat final', { 'upload-concat': 'final;/uploads/tus/a /uploads/tus/b' }],
      ['Upload-Concat malformed', { 'upload-concat': 'whatever' }],
      ['Upload-Defer-Length', { 'upload-defer-length': '1' }],
    ])('%s -> 4xx with a JSON message', async (_name, headers) => {
      const res = await create(headers);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/not supported/);
    });

    it('does not advertise extensions it refuses', async () => {
      const res = await as(t.app, user, { method: 'OPTIONS', url: '/uploads/tus' });
      const ext = String(res.headers['tus-extension'] ?? '');
      expect(ext).toContain('creation');
      expect(ext).not.toContain('creation-defer-length');
      expect(ext).not.toContain('concatenation');
    });
  });

  describe('Idempotency-Key', () => {
    const jsonPost = (u: TestUser, key: string, body: object) =>
      as(t.app, u, { method: 'POST', url: '/api/forumpost/CreatePost', payload: body, headers: { 'idempotency-key': key } });
    const postsOf = async (u: TestUser) => t.app.db.selectFrom('posts').select(['id', 'title']).where('creator_id', '=', u.id).execute();
    /** A key left pending by a process that died `ageMs` ago in the middle of the request. */
    const strand = async (u: TestUser, key: string, ageMs: number, bodyHash = '') => {
      const at = new Date(Date.now() - ageMs).toISOString();
      await t.app.db
        .insertInto('idempotency_keys')
        .values({ key, user_id: u.id, route: 'POST /api/forumpost/CreatePost', body_hash: bodyHash, state: 'pending', status_code: null, response_body: null, created_at: at, lease_id: 'dead', leased_at: at })
        .execute();
    };

    it('answers 409 while a pending key is within its lease, and runs the request afresh once the lease is over', async () => {
      const u = await createUser(t.app);
      const live = crypto.randomUUID();
      await strand(u, live, 0);
      const busy = await jsonPost(u, live, { title: 'Live', text: 'x' });
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toEqual({ message: IN_PROGRESS });

      const dead = crypto.randomUUID();
      await strand(u, dead, t.app.config.idempotencyLeaseMs + 1_000);
      const first = await jsonPost(u, dead, { title: 'Cut by a crash', text: 'delivered at last' });
      expect(first.statusCode, first.body).toBe(201);
      const again = await jsonPost(u, dead, { title: 'Cut by a crash', text: 'delivered at last' });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect((await postsOf(u)).map((p) => p.title)).toEqual(['Cut by a crash']);
    });

    it('lets only one of several simultaneous replays take over a dead key', async () => {
      const u = await createUser(t.app);
      const key = crypto.randomUUID();
      await strand(u, key, t.app.config.idempotencyLeaseMs + 1_000);
      const results = await Promise.all([1, 2, 3].map(() => jsonPost(u, key, { title: 'Once', text: 'only' })));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(await postsOf(u)).toHaveLength(1);
    });

    it('compares the body of a dead key before taking it over', async () => {
      const u = await createUser(t.app);
      const key = crypto.randomUUID();
      await strand(u, key, t.app.config.idempotencyLeaseMs + 1_000, 'a-different-body');
      const res = await jsonPost(u, key, { title: 'Other', text: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: OTHER_REQUEST });
      expect(await postsOf(u)).toEqual([]);
    });

    it('compares multipart bodies: fields and file contents', async () => {
      const u = await createUser(t.app);
      const key = crypto.randomUUID();
      const send = (parts: Part[], url = '/api/forumpost/CreatePost') => {
        const f = form(parts);
        return as(t.app, u, { method: 'POST', url, payload: f.payload, headers: { 'content-type': `multipart/form-data; boundary=${f.boundary}`, 'idempotency-key': key } });
      };
      const parts: Part[] = [{ name: 'title', value: 'With a picture' }, { name: 'text', value: 'see it' }, { name: 'mediaToUpload', filename: 'a.png', content: PNG }];
      const first = await send(parts);
      expect(first.statusCode, first.body).toBe(201);
      // The same body (with another boundary) -> the stored response.
      const same = await send(parts);
      expect(same.statusCode).toBe(201);
      expect(same.headers['idempotent-replayed']).toBe('true');
      expect(same.body).toBe(first.body);
      // Another field value, another file content, another file name -> 422.
      const changedFile = Buffer.from(PNG);
      changedFile[changedFile.length - 20] ^= 0xff;
      for (const other of [
        [{ name: 'title', value: 'With a picture!' }, parts[1], parts[2]],
        [parts[0], parts[1], { name: 'mediaToUpload', filename: 'a.png', content: changedFile }],
        [parts[0], parts[1], { name: 'mediaToUpload', filename: 'b.png', content: PNG }],
        [parts[0], parts[1]],
      ] as Part[][]) {
        const res = await send(other);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: OTHER_REQUEST });
      }
      expect(await postsOf(u)).toHaveLength(1);
      expect(tempFiles()).toEqual([]);
    });

    it('keeps the lease of a request that runs longer than the lease (409 to a replay meanwhile)', async () => {
      const u = await createUser(t.app);
      const key = crypto.randomUUID();
      const f = form([{ name: 'mediaFiles', filename: 'slow.png', content: PNG }]);
      const body = new PassThrough();
      body.write(f.payload.subarray(0, 300));
      const slow = as(t.app, u, { method: 'POST', url: '/api/media/upload', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${f.boundary}`, 'idempotency-key': key } });
      const row = () => t.app.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', u.id).where('key', '=', key).executeTakeFirst();
      // The slow request renews its lease until it has held the key for more than two leases.
      await until(async () => {
        const r = await row();
        return !!r?.leased_at && Date.parse(r.leased_at) - Date.parse(r.created_at) > 2 * LEASE_MS;
      });
      const replay = await as(t.app, u, { method: 'POST', url: '/api/media/upload', ...(() => { const g = form([{ name: 'mediaFiles', filename: 'slow.png', content: PNG }]); return { payload: g.payload, headers: { 'content-type': `multipart/form-data; boundary=${g.boundary}`, 'idempotency-key': key } }; })() });
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toEqual({ message: IN_PROGRESS });
      body.end(f.payload.subarray(300));
      const done = await slow;
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().successes).toHaveLength(1);
      expect((await row())?.state).toBe('done');
    });

    it('removes the temp file and frees the key of an upload whose client went away', async () => {
      const u = await createUser(t.app);
      const key = crypto.randomUUID();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const boundary = 'gone-away';
      socket.write(
        `POST /api/media/upload HTTP/1.1\r\nHost: localhost:3000\r\nCookie: ${u.cookie}\r\nIdempotency-Key: ${key}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="mediaFiles"; filename="gone.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      socket.write(Buffer.concat([PNG, crypto.randomBytes(100_000)]));
      const keyRows = () => t.app.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', u.id).execute();
      await until(async () => tempFiles().length === 1 && (await keyRows()).length === 1);
      socket.destroy();
      await until(async () => tempFiles().length === 0 && (await keyRows()).length === 0);
      expect(await t.app.db.selectFrom('media').select('id').where('contributed_by', '=', u.id).execute()).toEqual([]);
    });

    it('compares multipart uploads too, and a cut upload does not spend its key', async () => {
      const u = await createUser(t.app);
      const key = crypto.randomUUID();
      const send = (content: Buffer, cut = false) => {
        const f = form([{ name: 'mediaFiles', filename: 'photo.png', content }]);
        const payload = cut ? f.payload.subarray(0, f.payload.length - 100) : f.payload;
        return as(t.app, u, { method: 'POST', url: '/api/media/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${f.boundary}`, 'idempotency-key': key } });
      };
      const cut = await send(PNG, true);
      expect(cut.statusCode).toBe(400);
      const first = await send(PNG);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().successes).toHaveLength(1);
      const same = await send(PNG);
      expect(same.body).toBe(first.body);
      expect(same.headers['idempotent-replayed']).toBe('true');
      const other = await send(Buffer.concat([PNG, Buffer.from('more')]));
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: OTHER_REQUEST });
      const media = await t.app.db.selectFrom('media').select('id').where('contributed_by', '=', u.id).execute();
      expect(media).toHaveLength(1);
    });
  });
});
