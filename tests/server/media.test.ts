// Media API (spec section 7 "Media"): every call, the approval state machine, admin-only review,
// visibility, content checks, limits, processing and downloads with HTTP ranges.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, readStored, storedExists, type TestApp, type TestUser } from './helpers';
import { Role } from '../../src/shared/enums';
import { mediaUploadKind } from '../../src/server/features/media/upload-kind';
import { mediaPortsOf, mediaService } from '../../src/server/features/media/service';

const FIXTURES = path.resolve('src/server/db/seed/fixtures/media');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

type FilePart = { name: string; filename: string; data: Buffer };

function multipart(parts: FilePart[]) {
  const boundary = `----media${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface MediaJson {
  id: number;
  uuid_id: string;
  name: string;
  description: string | null;
  is_video: boolean;
  file_name: string;
  file_size: number;
  is_processed: boolean;
  processing_error: string | null;
  approval_status: number;
  rejection_reason: string | null;
  privacy_level: number;
  is_publishable: boolean;
  num_downloads: number;
  duration_in_seconds: number;
  tags: { id: number; title: string }[];
  contributed_by: { id: number; first_name: string; last_name: string };
  signed_thumb_url: string | null;
  signed_full_url: string | null;
  is_favourited_by_current_user: boolean;
}

describe.each(dbKinds)('media on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tagIds: number[];

  async function upload(user: TestUser, files: { filename: string; data: Buffer }[]) {
    const form = multipart(files.map((f) => ({ name: 'mediaFiles', ...f })));
    return as(t.app, user, { method: 'POST', url: '/api/media/upload', payload: form.payload, headers: form.headers });
  }

  /** Upload one file, run the processing job, answer the stored item (as the owner sees it). */
  async function uploadProcessed(user: TestUser, filename: string, data: Buffer): Promise<MediaJson> {
    const res = await upload(user, [{ filename, data }]);
    expect(res.statusCode, res.body).toBe(200);
    const { successes, errors } = res.json();
    expect(errors).toEqual([]);
    await t.app.jobs.drain();
    const item = await as(t.app, user, { method: 'GET', url: `/api/media/MediaItem/${successes[0].uuid_id}` });
    return item.json();
  }

  const approve = (id: number | string, user = admin) => as(t.app, user, { method: 'POST', url: `/api/media/AdminApproveMedia/${id}` });
  const reject = (id: number | string, body: unknown, user = admin) => as(t.app, user, { method: 'POST', url: `/api/media/AdminRejectMedia/${id}`, payload: body as object });
  const edit = (id: number | string, body: unknown, user = owner) => as(t.app, user, { method: 'PATCH', url: `/api/media/Edit/${id}`, payload: body as object });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    other = await createUser(t.app);
    admin = await createUser(t.app, { role: Role.User | Role.Admin });
    await t.app.db.insertInto('tags').values([{ title: 'Airway' }, { title: 'Trauma' }, { title: 'Cardiac' }]).execute();
    tagIds = (await t.app.db.selectFrom('tags').select('id').orderBy('id').execute()).map((r) => r.id);
  }, 60_000);
  afterAll(async () => t?.close());

  describe('upload and processing', () => {
    it('needs a session', async () => {
      const form = multipart([{ name: 'mediaFiles', filename: 'a.png', data: fixture('patient-monitor.png') }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/media/upload', payload: form.payload, headers: form.headers });
      expect(res.statusCode).toBe(401);
    });

    it('stores an image as private, unprocessed and unapproved, then processes it with a thumbnail', async () => {
      const res = await upload(owner, [{ filename: 'patient-monitor.png', data: fixture('patient-monitor.png') }]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.errors).toEqual([]);
      expect(body.successes).toHaveLength(1);
      expect(body.successes[0].filename).toBe('patient-monitor.png');
      const before = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${body.successes[0].uuid_id}` })).json() as MediaJson;
      expect(before).toMatchObject({ name: 'patient-monitor', is_processed: false, approval_status: 0, privacy_level: 0, is_video: false, signed_thumb_url: null });
      await t.app.jobs.drain();
      const after = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${body.successes[0].uuid_id}` })).json() as MediaJson;
      expect(after.is_processed).toBe(true);
      expect(after.processing_error).toBeNull();
      expect(after.signed_thumb_url).toMatch(/^\/api\/files\/media\/.+thumb\.webp\?/);
      const thumb = await t.app.inject({ method: 'GET', url: after.signed_thumb_url! });
      expect(thumb.statusCode).toBe(200);
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(480);
    });

    it('removes EXIF (GPS) from a stored JPEG', async () => {
      const original = await sharp(fixture('scene-gps.jpg')).metadata();
      expect(original.exif?.includes(Buffer.from('GPS'))).toBe(true);
      const item = await uploadProcessed(owner, 'scene-gps.jpg', fixture('scene-gps.jpg'));
      expect(item.is_processed).toBe(true);
      const row = await t.app.db.selectFrom('media').select(['file_key']).where('uuid_id', '=', item.uuid_id).executeTakeFirstOrThrow();
      const stored = await readStored(t.app, row.file_key);
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
      // The original with its metadata is not kept.
      const dir = path.posix.dirname(row.file_key);
      expect(row.file_key).toBe(`${dir}/full.jpg`);
      expect(await storedExists(t.app, `${dir}/thumb.webp`)).toBe(true);
      expect(await storedExists(t.app, `${dir}/original.jpg`)).toBe(false);
    });

    it('converts a BMP to PNG, keeps a GIF a GIF', async () => {
      const bmp = await uploadProcessed(owner, 'ward-plan.bmp', fixture('ward-plan.bmp'));
      expect(bmp).toMatchObject({ is_processed: true, file_name: 'ward-plan.png', processing_error: null });
      const gif = await uploadProcessed(owner, 'pulse.gif', fixture('pulse.gif'));
      expect(gif).toMatchObject({ is_processed: true, file_name: 'pulse.gif' });
      expect(gif.signed_thumb_url).not.toBeNull();
    });

    it('gives a video a poster thumbnail and a duration, and strips its location metadata', async () => {
      const video = await uploadProcessed(owner, 'cpr-demo.mp4', fixture('cpr-demo.mp4'));
      expect(video).toMatchObject({ is_video: true, is_processed: true, duration_in_seconds: 2, file_name: 'cpr-demo.mp4' });
      expect(video.signed_thumb_url).not.toBeNull();
      const row = await t.app.db.selectFrom('media').select(['file_key']).where('uuid_id', '=', video.uuid_id).executeTakeFirstOrThrow();
      const stored = await readStored(t.app, row.file_key);
      expect(stored.includes(Buffer.from('-35.2809'))).toBe(false);
    });

    it('a broken file ends with a clear processing error, not a crash', async () => {
      // Valid PNG magic bytes followed by garbage.
      const broken = Buffer.concat([fixture('patient-monitor.png').subarray(0, 64), crypto.randomBytes(2000)]);
      const item = await uploadProcessed(owner, 'broken.png', broken);
      expect(item.is_processed).toBe(false);
      expect(item.processing_error).toBe('This file could not be read as an image. Please check the file and upload it again.');
      const dl = await as(t.app, owner, { method: 'GET', url: `/api/media/Download/${item.id}` });
      expect(dl.statusCode).toBe(409);
      const badVideo = Buffer.concat([fixture('cpr-demo.mp4').subarray(0, 40), crypto.randomBytes(3000)]);
      const v = await uploadProcessed(owner, 'broken.mp4', badVideo);
      expect(v.processing_error).toBe('This file could not be read as a video. Please check the file and upload it again.');
    });

    it('refuses a .png that is really HTML, SVG, and unknown types, per file', async () => {
      const res = await upload(owner, [
        { filename: 'evil.png', data: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') },
        { filename: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') },
        { filename: 'photo.jpg', data: fixture('patient-monitor.png') },
        { filename: 'clip.mp4', data: fixture('pulse.gif') },
        { filename: 'good.gif', data: fixture('pulse.gif') },
      ]);
      expect(res.statusCode).toBe(200);
      const { errors, successes } = res.json();
      expect(successes.map((s: { filename: string }) => s.filename)).toEqual(['good.gif']);
      expect(errors).toEqual([
        { filename: 'evil.png', message: 'SVG and HTML files cannot be uploaded as media' },
        { filename: 'logo.svg', message: 'Only .png, .jpg, .jpeg, .jpe, .bmp, .gif, .mp4, .mov and .m4v files can be uploaded' },
        { filename: 'photo.jpg', message: 'This file is not a valid .jpg file: its content does not match its extension' },
        { filename: 'clip.mp4', message: 'This file is not a valid .mp4 file: its content does not match its extension' },
      ]);
    });

    it('takes resumable (tus) uploads of kind media and refuses a disguised one at the end', async () => {
      const tus = { 'tus-resumable': '1.0.0' };
      const b64 = (x: string) => Buffer.from(x).toString('base64');
      const send = async (filename: string, data: Buffer) => {
        const created = await as(t.app, owner, {
          method: 'POST',
          url: '/uploads/tus',
          headers: { ...tus, 'upload-length': String(data.length), 'upload-metadata': `filename ${b64(filename)},kind ${b64('media')}` },
        });
        expect(created.statusCode, created.body).toBe(201);
        const location = new URL(String(created.headers.location), 'http://localhost').pathname;
        const half = Math.floor(data.length / 2);
        const first = await as(t.app, owner, { method: 'PATCH', url: location, headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: data.subarray(0, half) });
        expect(first.statusCode).toBe(204);
        return as(t.app, owner, { method: 'PATCH', url: location, headers: { ...tus, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, payload: data.subarray(half) });
      };
      const ok = await send('tus-clip.mp4', fixture('cpr-demo.mp4'));
      expect(ok.statusCode, ok.body).toBeLessThan(300);
      const { uuid_id } = JSON.parse(ok.body);
      await t.app.jobs.drain();
      const item = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${uuid_id}` })).json() as MediaJson;
      expect(item).toMatchObject({ name: 'tus-clip', is_video: true, is_processed: true, duration_in_seconds: 2 });
      const bad = await send('tus-evil.gif', Buffer.from('<html><body><script>alert(1)</script></body></html>'.padEnd(400, ' ')));
      expect(bad.statusCode).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(bad.body).message).toBe('SVG and HTML files cannot be uploaded as media');
    });

    it('refuses more than 10 files in a batch with 422 and stores none', async () => {
      const before = await t.app.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const files = Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.gif`, data: fixture('pulse.gif') }));
      const res = await upload(owner, files);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('You can upload at most 10 files at a time');
      const after = await t.app.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses a file over the size limit', async () => {
      const saved = mediaUploadKind.maxBytes;
      mediaUploadKind.maxBytes = 1024 * 1024;
      try {
        const big = Buffer.concat([fixture('patient-monitor.png'), Buffer.alloc(1024 * 1024)]);
        const res = await upload(owner, [{ filename: 'big.png', data: big }]);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ errors: [{ filename: 'big.png', message: 'File is larger than 1 MB' }], successes: [] });
      } finally {
        mediaUploadKind.maxBytes = saved;
      }
    });
  });

  describe('review, visibility and library', () => {
    let pending: MediaJson;
    let toReject: MediaJson;
    let video: MediaJson;

    beforeAll(async () => {
      pending = await uploadProcessed(owner, 'airway-trolley.jpg', fixture('airway-trolley.jpg'));
      toReject = await uploadProcessed(owner, 'defib-pads.jpg', fixture('defib-pads.jpg'));
      video = await uploadProcessed(other, 'cpr-demo.mp4', fixture('cpr-demo.mp4'));
    }, 60_000);

    it("another user's unapproved media is 404 everywhere; the owner and admins see it", async () => {
      for (const url of [`/api/media/MediaItem/${pending.id}`, `/api/media/MediaItem/${pending.uuid_id}`, `/api/media/Download/${pending.id}`, `/api/media/download/${pending.uuid_id}`]) {
        const res = await as(t.app, other, { method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe('Media not found');
      }
      expect((await as(t.app, other, { method: 'POST', url: `/api/media/favourite/${pending.id}` })).statusCode).toBe(404);
      expect((await edit(pending.id, { name: 'x' }, other)).statusCode).toBe(404);
      expect((await as(t.app, other, { method: 'POST', url: `/api/media/Delete/${pending.id}` })).statusCode).toBe(404);
      expect((await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` })).statusCode).toBe(200);
      expect((await as(t.app, admin, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` })).statusCode).toBe(200);
      expect((await as(t.app, other, { method: 'GET', url: '/api/media/MediaItem/999999' })).statusCode).toBe(404);
    });

    it('review calls are for admins only (403), and need a session (401)', async () => {
      expect((await as(t.app, owner, { method: 'GET', url: '/api/media/MediaPendingApproval' })).statusCode).toBe(403);
      const res = await approve(pending.id, owner);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do that');
      expect((await reject(pending.id, { reason: 'Inappropriate' }, other)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/media/MediaPendingApproval' })).statusCode).toBe(401);
      const still = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` })).json();
      expect(still.approval_status).toBe(0);
    });

    it('lists processed, unapproved media for review with the contributor name, oldest first', async () => {
      const res = await as(t.app, admin, { method: 'GET', url: '/api/media/MediaPendingApproval' });
      expect(res.statusCode).toBe(200);
      const { media, total } = res.json() as { media: MediaJson[]; total: number };
      expect(total).toBe(media.length);
      const ids = media.map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining([pending.id, toReject.id, video.id]));
      expect(media.every((m) => m.is_processed && m.approval_status === 0)).toBe(true);
      const mine = media.find((m) => m.id === pending.id)!;
      expect(mine.contributed_by).toMatchObject({ first_name: 'Olive', last_name: 'Owner' });
      expect(mine.signed_full_url).toMatch(/disp=inline/);
    });

    it("validates decline reasons: a listed reason, or 'Other' with non-blank text of at most 250", async () => {
      const cases: [unknown, string][] = [
        [{}, "The reason must be one of: Contains identifying information, Inappropriate, Wrong tags, Missing tags, Other"],
        [{ reason: 'Ugly' }, "The reason must be one of: Contains identifying information, Inappropriate, Wrong tags, Missing tags, Other"],
        [{ reason: 'Other' }, 'Please enter a reason'],
        [{ reason: 'Other', otherReason: '   ' }, 'Please enter a reason'],
        [{ reason: 'Other', otherReason: 'x'.repeat(251) }, 'The reason must be 250 characters or fewer'],
      ];
      for (const [body, message] of cases) {
        const res = await reject(toReject.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().message).toBe(message);
      }
    });

    it('approve: unapproved -> approved, audited, owner notified; a second review is 409', async () => {
      const res = await approve(pending.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ approval_status: 2, message: 'Media approved' });
      const again = await approve(pending.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This media has already been reviewed');
      expect((await reject(pending.id, { reason: 'Inappropriate' })).statusCode).toBe(409);
      const audit = await t.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', pending.uuid_id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: admin.id, action: 'media.approve', target_type: 'media', detail: null });
      expect(audit[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const notes = await t.app.db.selectFrom('notifications').selectAll().where('user_id', '=', owner.id).where('name', '=', 'Media approved').execute();
      expect(notes).toHaveLength(1);
      expect(notes[0].link).toBe('/me/media');
      expect(notes[0].description).toContain('airway-trolley');
    });

    it("reject with 'Other': unapproved -> rejected, the owner reads the reason, audited and notified", async () => {
      const res = await reject(toReject.id, { reason: 'Other', otherReason: '  A patient face is visible  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ approval_status: 1, rejection_reason: 'A patient face is visible', message: 'Media declined' });
      const mine = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${toReject.id}` })).json() as MediaJson;
      expect(mine).toMatchObject({ approval_status: 1, rejection_reason: 'A patient face is visible', is_publishable: false });
      expect((await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${toReject.id}` })).statusCode).toBe(404);
      const audit = await t.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', toReject.uuid_id).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'media.reject', detail: 'A patient face is visible', actor_id: admin.id });
      const note = await t.app.db.selectFrom('notifications').selectAll().where('user_id', '=', owner.id).where('name', '=', 'Media declined').executeTakeFirstOrThrow();
      expect(note.description).toContain('A patient face is visible');
      // A listed reason is stored as written.
      const v = await reject(video.id, { reason: 'Wrong tags' });
      expect(v.json().rejection_reason).toBe('Wrong tags');
    });

    it('editing declined media sends it back for review', async () => {
      const res = await edit(video.id, { tags: [tagIds[0]] }, other);
      expect(res.statusCode).toBe(200);
      expect(res.json().media).toMatchObject({ approval_status: 0, rejection_reason: null });
      const queue = (await as(t.app, admin, { method: 'GET', url: '/api/media/MediaPendingApproval' })).json() as { media: MediaJson[] };
      expect(queue.media.map((m) => m.id)).toContain(video.id);
      expect((await approve(video.id)).statusCode).toBe(200);
    });

    it('approved but private media stays out of the library and is 404 to others until made public', async () => {
      expect((await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` })).statusCode).toBe(404);
      const lib = (await as(t.app, other, { method: 'GET', url: '/api/media/0/9/-1/-1' })).json();
      expect(lib.media.map((m: MediaJson) => m.id)).not.toContain(pending.id);
      // An image is made public only with alt text: 422 with the reason, then with alt text it goes.
      const bare = await edit(pending.id, { privacy_level: 2 });
      expect(bare.statusCode).toBe(422);
      expect(bare.json()).toEqual({ message: 'Add alt text before making this image public: describe what it shows for people who cannot see it' });
      expect((await edit(pending.id, { privacy_level: 2, alt_text: '   ' })).statusCode).toBe(422);
      expect((await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` })).statusCode).toBe(404);
      const res = await edit(pending.id, { privacy_level: 2, alt_text: 'A difficult airway trolley, drawers open', confirm_deidentified: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().newLevel).toBe(2);
      const seen = await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().rejection_reason).toBeNull();
      expect((await edit(video.id, { privacy_level: 2, confirm_deidentified: true }, other)).json().newLevel).toBe(2);
    });

    it('the library lists approved public media with type, tag and search filters', async () => {
      await edit(pending.id, { name: 'Difficult airway trolley', description: 'Drawer layout', tags: [tagIds[0], tagIds[1]] });
      const get = async (url: string) => {
        const res = await as(t.app, other, { method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        return res.json() as { total: number; media: MediaJson[]; from: number; to: number };
      };
      const all = await get('/api/media/0/9/-1/-1');
      expect(all.total).toBe(2);
      expect(all.from).toBe(1);
      expect(all.to).toBe(2);
      expect(all.media.every((m) => m.approval_status === 2 && m.privacy_level === 2)).toBe(true);
      expect((await get('/api/media/0/9/0/-1')).media.map((m) => m.id)).toEqual([pending.id]);
      expect((await get('/api/media/0/9/1/-1')).media.map((m) => m.id)).toEqual([video.id]);
      // Tag filter: media with any of the tags.
      expect((await get(`/api/media/0/9/-1/${tagIds[1]}`)).media.map((m) => m.id)).toEqual([pending.id]);
      expect((await get(`/api/media/0/9/-1/${tagIds[0]},${tagIds[2]}`)).total).toBe(2);
      expect((await get(`/api/media/0/9/-1/${tagIds[2]}`)).total).toBe(0);
      // Search: normalised (case, punctuation), every word must match name, description or a tag.
      expect((await get('/api/media/0/9/-1/-1?search=DIFFICULT!')).media.map((m) => m.id)).toEqual([pending.id]);
      expect((await get('/api/media/0/9/-1/-1?search=difficult,%20drawer')).total).toBe(1);
      expect((await get('/api/media/0/9/-1/-1?search=difficult%20video')).total).toBe(0);
      expect((await get('/api/media/0/9/-1/-1?search=trauma')).media.map((m) => m.id)).toEqual([pending.id]);
      expect((await get('/api/media/0/9/-1/-1?search=100%25')).total).toBe(0);
      expect((await get('/api/media/0/9/-1/-1?search=-1')).total).toBe(2);
      // Paging.
      const second = await get('/api/media/1/1/-1/-1');
      expect(second).toMatchObject({ total: 2, from: 2, to: 2 });
      const beyond = await get('/api/media/10/9/-1/-1');
      expect(beyond).toMatchObject({ total: 2, media: [], from: 0, to: 10 });
    });

    it('bad list parameters are 422', async () => {
      for (const url of ['/api/media/0/9/2/-1', '/api/media/-1/9/-1/-1', '/api/media/0/0/-1/-1', '/api/media/0/9/-1/abc']) {
        const res = await as(t.app, other, { method: 'GET', url });
        expect(res.statusCode, url).toBe(422);
        expect(typeof res.json().message).toBe('string');
      }
    });

    it('UserMedia{userId}: public approved media of a user; all of my own', async () => {
      const theirs = await as(t.app, other, { method: 'GET', url: `/api/media/UserMedia${owner.id}/0/10` });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().media.map((m: MediaJson) => m.id)).toEqual([pending.id]);
      const byUuid = await as(t.app, other, { method: 'GET', url: `/api/media/UserMedia${owner.uuid_id}/0/10` });
      expect(byUuid.json().total).toBe(1);
      const own = (await as(t.app, owner, { method: 'GET', url: `/api/media/UserMedia${owner.id}/0/100` })).json();
      expect(own.total).toBeGreaterThan(5);
      expect((await as(t.app, other, { method: 'GET', url: '/api/media/UserMedia999999/0/10' })).statusCode).toBe(404);
      expect((await as(t.app, other, { method: 'GET', url: '/api/media/Somethingelse/0/10' })).statusCode).toBe(404);
    });

    it('MyMedia pages my media in every state; myunpostedmedia only what can be attached', async () => {
      const page1 = (await as(t.app, owner, { method: 'GET', url: '/api/media/MyMedia/0/6' })).json();
      expect(page1.media).toHaveLength(6);
      expect(page1.from).toBe(1);
      expect(page1.to).toBe(6);
      expect(page1.total).toBeGreaterThan(6);
      const states = new Set((await as(t.app, owner, { method: 'GET', url: '/api/media/MyMedia/0/100' })).json().media.map((m: MediaJson) => m.approval_status));
      expect([...states].sort()).toEqual([0, 1, 2]);
      const unposted = (await as(t.app, owner, { method: 'GET', url: '/api/media/myunpostedmedia/0/10' })).json();
      expect(unposted.media.map((m: MediaJson) => m.id)).toEqual([pending.id]);
      expect(unposted.media[0].is_publishable).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/media/MyMedia/0/6' })).statusCode).toBe(401);
    });

    it('favourite toggles; favourites lists; another user sees only visible favourites', async () => {
      const on = await as(t.app, other, { method: 'POST', url: `/api/media/favourite/${pending.id}` });
      expect(on.json()).toEqual({ favourited: true });
      await as(t.app, other, { method: 'POST', url: `/api/media/favourite/${video.id}` });
      const favs = (await as(t.app, other, { method: 'GET', url: '/api/media/favourites' })).json();
      expect(favs.media.map((m: MediaJson) => m.id).sort()).toEqual([pending.id, video.id].sort());
      expect(favs.media.every((m: MediaJson) => m.is_favourited_by_current_user)).toBe(true);
      const off = await as(t.app, other, { method: 'POST', url: `/api/media/favourite/${video.id}` });
      expect(off.json()).toEqual({ favourited: false });
      // Replaying the same Idempotency-Key does not toggle twice.
      const key = crypto.randomUUID();
      const r1 = await as(t.app, owner, { method: 'POST', url: `/api/media/favourite/${pending.id}`, headers: { 'idempotency-key': key } });
      const r2 = await as(t.app, owner, { method: 'POST', url: `/api/media/favourite/${pending.id}`, headers: { 'idempotency-key': key } });
      expect(r1.json()).toEqual({ favourited: true });
      expect(r2.json()).toEqual({ favourited: true });
      const ownerFavs = await as(t.app, other, { method: 'GET', url: `/api/user/${owner.id}/media/favourites` });
      expect(ownerFavs.statusCode).toBe(200);
      expect(ownerFavs.json().media.map((m: MediaJson) => m.id)).toEqual([pending.id]);
      expect((await as(t.app, other, { method: 'GET', url: '/api/user/999999/media/favourites' })).statusCode).toBe(404);
    });

    it('Edit validates name and description (200 each) and tags', async () => {
      const long = await edit(pending.id, { name: 'n'.repeat(201) });
      expect(long.statusCode).toBe(422);
      expect(long.json().message).toBe('Name must be 200 characters or fewer');
      const desc = await edit(pending.id, { description: 'd'.repeat(201) });
      expect(desc.json().message).toBe('Description must be 200 characters or fewer');
      expect((await edit(pending.id, { name: '   ' })).json().message).toBe('Name is required');
      expect((await edit(pending.id, { privacy_level: 1 })).statusCode).toBe(422);
      expect((await edit(pending.id, { tags: [999999] })).json().message).toBe('Unknown tag');
      const ok = await edit(pending.id, { name: 'n'.repeat(200), description: 'd'.repeat(200), tags: [{ id: tagIds[2] }] });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().media).toMatchObject({ name: 'n'.repeat(200), description: 'd'.repeat(200), tags: [{ id: tagIds[2], title: 'Cardiac' }] });
      expect(ok.json().newLevel).toBe(2);
      // Approved media stays approved when edited.
      expect(ok.json().media.approval_status).toBe(2);
      const admins = await edit(pending.id, { name: 'admin edit' }, admin);
      expect(admins.statusCode).toBe(403);
    });

    it("an image's alt text is stored by Edit, answered with the item to others, and at most 250 characters", async () => {
      const long = await edit(pending.id, { alt_text: 'a'.repeat(251) });
      expect(long.statusCode).toBe(422);
      expect(long.json().message).toBe('Alt text must be 250 characters or fewer');
      expect((await edit(pending.id, { alt_text: 42 })).statusCode).toBe(422);
      const ok = await edit(pending.id, { alt_text: '  A mannequin on a stretcher, a nurse checking its airway  ' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().media.alt_text).toBe('A mannequin on a stretcher, a nurse checking its airway');
      const seen = await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${pending.id}` });
      expect(seen.json().alt_text).toBe('A mannequin on a stretcher, a nurse checking its airway');
      // A public image keeps its alt text: emptying it is refused while it is public.
      const cleared = await edit(pending.id, { alt_text: '' });
      expect(cleared.statusCode).toBe(422);
      expect(cleared.json().message).toBe('Add alt text before making this image public: describe what it shows for people who cannot see it');
      // Private again, empty takes it away; videos need none.
      expect((await edit(pending.id, { privacy_level: 0, alt_text: '' })).json().media.alt_text).toBeNull();
      expect((await edit(pending.id, { privacy_level: 2, alt_text: 'A mannequin on a stretcher', confirm_deidentified: true })).statusCode).toBe(200);
      expect((await edit(pending.id, { alt_text: 'a'.repeat(250) })).json().media.alt_text).toBe('a'.repeat(250));
    });

    it("a video's captions: WebVTT only, stored, answered as a signed text/vtt link, replaced and removed by the owner", async () => {
      const put = (id: number | string, body: unknown, user = other) => as(t.app, user, { method: 'PUT', url: `/api/media/Captions/${id}`, payload: body as object });
      const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nCompressions at 100 to 120 a minute\n';
      const notVtt = await put(video.id, { vtt: '1\n00:00:00,000 --> 00:00:02,000\nSRT, not WebVTT\n' });
      expect(notVtt.statusCode).toBe(422);
      expect(notVtt.json()).toEqual({ message: 'The caption file must be a WebVTT file (.vtt) starting with WEBVTT' });
      expect((await put(video.id, { vtt: 'WEBVTTX\n' })).json().message).toBe('The caption file must be a WebVTT file (.vtt) starting with WEBVTT');
      expect((await put(video.id, { vtt: `WEBVTT\n${'a'.repeat(512 * 1024)}` })).json()).toEqual({ message: 'The caption file must be 512 KB or smaller' });
      expect((await put(video.id, {})).statusCode).toBe(422);
      const image = await put(pending.id, { vtt }, owner);
      expect(image.statusCode).toBe(422);
      expect(image.json().message).toBe('Only videos take captions');
      // Someone else's video is not theirs to caption; an admin may see it but not change it.
      expect((await put(video.id, { vtt }, owner)).statusCode).toBe(404);
      expect((await put(video.id, { vtt }, admin)).statusCode).toBe(403);

      expect((await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${video.id}` })).json().signed_captions_url).toBeNull();
      const ok = await put(video.uuid_id, { vtt: `\uFEFF${vtt}` });
      expect(ok.statusCode, ok.body).toBe(200);
      const url = ok.json().signed_captions_url as string;
      expect(url).toMatch(/^\/api\/files\/media\/.+\.vtt\?.*disp=inline/);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(file.body).toBe(vtt);
      // Others who see the video get its captions too.
      expect((await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${video.id}` })).json().signed_captions_url).toMatch(/\.vtt\?/);
      const firstKey = decodeURIComponent(new URL(url, 'http://x').pathname.replace('/api/files/', ''));
      const replaced = await put(video.id, { vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nReplaced\n' });
      expect(replaced.statusCode).toBe(200);
      expect(await storedExists(t.app, firstKey)).toBe(false);
      const secondKey = decodeURIComponent(new URL(replaced.json().signed_captions_url as string, 'http://x').pathname.replace('/api/files/', ''));
      expect((await readStored(t.app, secondKey)).toString()).toContain('Replaced');

      const removed = await as(t.app, other, { method: 'DELETE', url: `/api/media/Captions/${video.id}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().signed_captions_url).toBeNull();
      expect(await storedExists(t.app, secondKey)).toBe(false);
      // Given again for the screens that show them.
      expect((await put(video.id, { vtt })).statusCode).toBe(200);
    });

    it('Download answers a signed attachment url and counts; the file supports ranges (206)', async () => {
      const res = await as(t.app, other, { method: 'GET', url: `/api/media/Download/${video.id}` });
      expect(res.statusCode).toBe(200);
      const { url, fileName } = res.json();
      expect(fileName).toBe('cpr-demo.mp4');
      expect(url).toMatch(/^\/api\/files\/media\/.+\?.*disp=attachment/);
      const byUuid = await as(t.app, other, { method: 'GET', url: `/api/media/download/${video.uuid_id}` });
      expect(byUuid.json().fileName).toBe('cpr-demo.mp4');
      const item = (await as(t.app, other, { method: 'GET', url: `/api/media/MediaItem/${video.id}` })).json();
      expect(item.num_downloads).toBe(2);

      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="cpr-demo.mp4"/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const size = Number(file.headers['content-length']);
      const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
      expect(part.rawPayload.length).toBe(100);
      const tampered = await t.app.inject({ method: 'GET', url: url.replace('sig=', 'sig=x') });
      expect(tampered.statusCode).toBe(404);
    });

    it('Delete removes my media and its files; admins may delete any; others get 404', async () => {
      const victim = await uploadProcessed(owner, 'pulse.gif', fixture('pulse.gif'));
      const row = await t.app.db.selectFrom('media').select(['file_key', 'thumb_key']).where('id', '=', victim.id).executeTakeFirstOrThrow();
      const res = await as(t.app, owner, { method: 'POST', url: `/api/media/Delete/${victim.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Media deleted.');
      expect(await storedExists(t.app, row.file_key)).toBe(false);
      expect(await storedExists(t.app, row.thumb_key!)).toBe(false);
      expect((await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${victim.id}` })).statusCode).toBe(404);
      const another = await uploadProcessed(owner, 'pulse.gif', fixture('pulse.gif'));
      expect((await as(t.app, admin, { method: 'POST', url: `/api/media/Delete/${another.uuid_id}` })).statusCode).toBe(200);
      const audit = await t.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', another.uuid_id).executeTakeFirstOrThrow();
      expect(audit.action).toBe('media.delete');
    });
  });

  describe('bad input and concurrent writes', () => {
    let mine: MediaJson;
    beforeAll(async () => {
      mine = await uploadProcessed(owner, 'pulse.gif', fixture('pulse.gif'));
    }, 60_000);

    it('refuses offsets and counts beyond safe integers on every media list with 422, as the scenario lists do', async () => {
      const lists = (offset: string, count: string) => [
        `/api/media/MyMedia/${offset}/${count}`,
        `/api/media/${offset}/${count}/-1/-1`,
        `/api/media/myunpostedmedia/${offset}/${count}`,
        `/api/media/UserMedia${owner.id}/${offset}/${count}`,
      ];
      for (const huge of ['9007199254740993', '99999999999999999999']) {
        for (const url of [...lists(huge, '10'), ...lists('0', huge)]) {
          const res = await as(t.app, owner, { method: 'GET', url });
          expect(res.statusCode, url).toBe(422);
          expect(res.json().message, url).toMatch(/^(Offset|Count) must be /);
        }
      }
      // A count above the page size is still answered with one full page.
      expect((await as(t.app, owner, { method: 'GET', url: '/api/media/MyMedia/0/500' })).statusCode).toBe(200);
    });

    it('answers 404 for an id beyond the id range on every call that takes one', async () => {
      for (const id of ['2147483648', '99999999999']) {
        for (const [method, url, user] of [
          ['GET', `/api/media/MediaItem/${id}`, owner], ['GET', `/api/media/Download/${id}`, owner], ['GET', `/api/media/download/${id}`, owner],
          ['POST', `/api/media/favourite/${id}`, owner], ['PATCH', `/api/media/Edit/${id}`, owner], ['POST', `/api/media/Delete/${id}`, owner],
          ['POST', `/api/media/AdminApproveMedia/${id}`, admin], ['POST', `/api/media/AdminRejectMedia/${id}`, admin],
          ['GET', `/api/user/${id}/media/favourites`, owner], ['GET', `/api/media/UserMedia${id}/0/10`, owner],
        ] as const) {
          const payload = method === 'PATCH' ? { name: 'x' } : url.includes('Reject') ? { reason: 'Inappropriate' } : undefined;
          const res = await as(t.app, user, { method, url, payload });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(typeof res.json().message).toBe('string');
        }
      }
    });

    it('refuses tag ids that are not whole numbers in the id range with 422', async () => {
      for (const tags of [[1.5], [2147483648], [-1], [0], ['1']]) {
        const res = await edit(mine.id, { tags });
        expect(res.statusCode, JSON.stringify(tags)).toBe(422);
        expect(res.json().message).toBe('Tags must be tag ids');
      }
    });

    it('eight simultaneous edits with the same tags by the owner all succeed, leaving each tag once', async () => {
      const wanted = [tagIds[0], tagIds[2]];
      const results = await Promise.all(Array.from({ length: 8 }, () => edit(mine.id, { tags: wanted })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const rows = await t.app.db.selectFrom('media_tags').select('tag_id').where('media_id', '=', mine.id).orderBy('tag_id').execute();
      expect(rows.map((r) => r.tag_id)).toEqual(wanted);
      // Different tag sets at once: the last write wins whole, never a mixture.
      const sets = [[tagIds[0]], [tagIds[1]], [tagIds[2]], [tagIds[0], tagIds[1]]];
      const mixed = await Promise.all(sets.map((tags) => edit(mine.id, { tags })));
      expect(mixed.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
      const after = (await t.app.db.selectFrom('media_tags').select('tag_id').where('media_id', '=', mine.id).orderBy('tag_id').execute()).map((r) => r.tag_id);
      expect(sets.map((s) => JSON.stringify(s))).toContain(JSON.stringify(after));
    });

    it('two favourite toggles at once: one adds, one removes, never a 500', async () => {
      const both = await Promise.all([0, 1].map(() => as(t.app, owner, { method: 'POST', url: `/api/media/favourite/${mine.id}` })));
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().favourited).sort()).toEqual([false, true]);
      const item = (await as(t.app, owner, { method: 'GET', url: `/api/media/MediaItem/${mine.id}` })).json() as MediaJson;
      expect(item.is_favourited_by_current_user).toBe(false);
      // Eight at once end where they started, each answered.
      const eight = await Promise.all(Array.from({ length: 8 }, () => as(t.app, owner, { method: 'POST', url: `/api/media/favourite/${mine.id}` })));
      expect(eight.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(eight.filter((r) => r.json().favourited)).toHaveLength(4);
    });

    it('the review calls check the admin role in the service too, not only in the route', async () => {
      const service = mediaService(mediaPortsOf(t.app));
      const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
      for (const call of [() => service.pending(row), () => service.approve(row, String(mine.id)), () => service.reject(row, String(mine.id), { reason: 'Inappropriate' })]) {
        await expect(call()).rejects.toMatchObject({ statusCode: 403 });
      }
    });
  });
});
