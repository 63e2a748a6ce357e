// CreatePost with files that went ahead through the resumable upload: a queued post
// uploads its attachments with tus first and then names the finished uploads, so a retry never
// sends the bytes again. Also the outbox's author check (X-Outbox-User).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { OUTBOX_OTHER_USER_MESSAGE, OUTBOX_USER_HEADER } from '../../src/shared/outbox.js';
import { UPLOAD_REF_MESSAGE } from '../../src/shared/schemas/posts.js';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const PICTURE = fs.readFileSync(path.resolve('src/server/db/seed/fixtures/media/patient-monitor.png'));
const scenarioJson = (name: string) => Buffer.from(JSON.stringify({ name, scenario: { events: [] } }));
const MISSING = 'One of the uploaded files could not be found. Please upload it again.';

/** A tus upload of `bytes` for `kind`; `sendBytes` (default all) are sent. Answers the upload id. */
async function tusUpload(app: FastifyInstance, user: TestUser, kind: 'scenario' | 'media', filename: string, bytes: Buffer, sendBytes = bytes.length) {
  const created = await as(app, user, {
    method: 'POST',
    url: '/uploads/tus',
    headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${b64(filename)},kind ${b64(kind)}` },
  });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const done = await as(app, user, {
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes.subarray(0, sendBytes),
  });
  expect(done.statusCode, done.body).toBe(sendBytes === bytes.length ? 200 : 204);
  return location.split('/').pop()!;
}

/** A multipart/form-data body of plain fields, as a browser sends it. */
function multipart(fields: { name: string; value: string }[]) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const body = fields.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value}\r\n`).join('') + `--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const createPost = (app: FastifyInstance, user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as(app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: body, headers });

async function postsTitled(app: FastifyInstance, title: string) {
  return app.db.selectFrom('posts').selectAll().where('title', '=', title).execute();
}

describe.each(dbKinds)('CreatePost with finished uploads (%s)', (kind) => {
  let t: TestApp;
  let emma: TestUser;
  let paul: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    emma = await createUser(t.app, { firstName: 'Emma', lastName: 'Educator' });
    paul = await createUser(t.app, { firstName: 'Paul', lastName: 'Paramedic' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('attaches the scenario and media the uploads became, in JSON', async () => {
    const scenarioUpload = await tusUpload(t.app, emma, 'scenario', 'night-shift.json', scenarioJson('Night shift'));
    const mediaUpload = await tusUpload(t.app, emma, 'media', 'monitor.png', PICTURE);
    const res = await createPost(t.app, emma, { title: 'Queued with files', text: 'Sent from the iPad', scenarioUploads: [scenarioUpload], mediaUploads: [mediaUpload] });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({ title: 'Queued with files', type: 'scenario', errors: [] });
    expect(post.scenarios).toHaveLength(1);
    expect(post.scenarios[0].name).toBe('night-shift');
    // Uploaded media waits for approval before the feed shows it; the link is there already.
    const links = await t.app.db.selectFrom('post_media').selectAll().where('post_id', '=', post.id).execute();
    expect(links).toHaveLength(1);
    const media = await t.app.db.selectFrom('media' as never).select(['uuid_id' as never, 'contributed_by' as never]).where('id' as never, '=', links[0].media_id as never).executeTakeFirstOrThrow();
    expect(media).toMatchObject({ contributed_by: emma.id });
  });

  it('accepts the references as multipart fields too, repeated or comma-joined', async () => {
    const a = await tusUpload(t.app, emma, 'scenario', 'a.json', scenarioJson('A'));
    const b = await tusUpload(t.app, emma, 'scenario', 'b.json', scenarioJson('B'));
    const c = await tusUpload(t.app, emma, 'scenario', 'c.json', scenarioJson('C'));
    const form = multipart([
      { name: 'title', value: 'Multipart references' },
      { name: 'scenarioUploads', value: `${a},${b}` },
      { name: 'scenarioUploads', value: c },
    ]);
    const res = await as(t.app, emma, { method: 'POST', url: '/api/forumpost/CreatePost', ...form });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().scenarios.map((s: { name: string }) => s.name).sort()).toEqual(['a', 'b', 'c']);
  });

  it("refuses another user's upload, an unfinished one and one of the other kind, and creates nothing", async () => {
    const paulsUpload = await tusUpload(t.app, paul, 'scenario', 'pauls.json', scenarioJson('Pauls'));
    const half = scenarioJson('Half way'.padEnd(400, '.'));
    const unfinished = await tusUpload(t.app, emma, 'scenario', 'half.json', half, 100);
    const scenarioUpload = await tusUpload(t.app, emma, 'scenario', 'mine.json', scenarioJson('Mine'));
    for (const body of [
      { scenarioUploads: [paulsUpload] },
      { scenarioUploads: [unfinished] },
      { mediaUploads: [scenarioUpload] },
      { scenarioUploads: ['0123456789abcdef0123456789abcdef'] },
    ]) {
      const title = `Refused ${crypto.randomUUID()}`;
      const res = await createPost(t.app, emma, { title, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ message: MISSING });
      expect(await postsTitled(t.app, title)).toHaveLength(0);
    }
  });

  it('refuses malformed references and more than the batch allows with a message', async () => {
    for (const bad of [[''], ['../etc/passwd'], [42], { id: 'x' }, 'a b']) {
      const res = await createPost(t.app, emma, { title: 'Bad refs', mediaUploads: bad });
      if (Array.isArray(bad) && bad[0] === '') {
        // An empty reference is no reference.
        expect(res.statusCode).toBe(201);
        continue;
      }
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json()).toEqual({ message: UPLOAD_REF_MESSAGE });
    }
    const many = Array.from({ length: 11 }, (_, i) => `upload${i}`);
    const res = await createPost(t.app, emma, { title: 'Too many', mediaUploads: many });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'You can upload at most 10 media files at a time' });
  });

  it('a replay with the same Idempotency-Key gives one post that refers to the upload once', async () => {
    const upload = await tusUpload(t.app, emma, 'scenario', 'replayed.json', scenarioJson('Replayed'));
    const key = crypto.randomUUID();
    const title = `Replayed ${key}`;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await createPost(t.app, emma, { title, scenarioUploads: [upload] }, { 'idempotency-key': key }));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await postsTitled(t.app, title)).toHaveLength(1);
  });
});

describe.each(dbKinds)('queued writes keep their author (%s)', (kind) => {
  let t: TestApp;
  let emma: TestUser;
  let paul: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    emma = await createUser(t.app);
    paul = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it("is sent under its author's session and refused with 403 under anyone else's", async () => {
    const mine = await createPost(t.app, emma, { title: 'Written by Emma' }, { [OUTBOX_USER_HEADER]: emma.uuid_id, 'idempotency-key': crypto.randomUUID() });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().creator.uuid_id).toBe(emma.uuid_id);

    const title = `Emma's queued post ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    const underPaul = await createPost(t.app, paul, { title }, { [OUTBOX_USER_HEADER]: emma.uuid_id, 'idempotency-key': key });
    expect(underPaul.statusCode).toBe(403);
    expect(underPaul.json()).toEqual({ message: OUTBOX_OTHER_USER_MESSAGE });
    expect(await postsTitled(t.app, title)).toHaveLength(0);
    // The key was not used up: Emma's own replay still creates the post.
    const later = await createPost(t.app, emma, { title }, { [OUTBOX_USER_HEADER]: emma.uuid_id, 'idempotency-key': key });
    expect(later.statusCode).toBe(201);

    // The resumable upload path is guarded the same way.
    const tus = await as(t.app, paul, {
      method: 'POST',
      url: '/uploads/tus',
      headers: { ...TUS, [OUTBOX_USER_HEADER]: emma.uuid_id, 'upload-length': '10', 'upload-metadata': `filename ${b64('x.json')},kind ${b64('scenario')}` },
    });
    expect(tus.statusCode).toBe(403);
    expect(tus.json()).toEqual({ message: OUTBOX_OTHER_USER_MESSAGE });
  });

  it('without a session it is 401 as always', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'x' }, headers: { [OUTBOX_USER_HEADER]: emma.uuid_id } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  });
});
