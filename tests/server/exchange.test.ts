// Scenario exchange: licences (user default, upload, edit, copies keep them and the attribution, a
// licence that forbids adaptation locks the copy), the de-identification confirmation needed to make
// a scenario or media item public (who, when, audit log, the /me prompt), and adaptation counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { getUploadKind } from '../../src/server/uploads/registry.js';
import '../../src/server/features/scenarios/routes.js';
import { scenarioFileBytes } from '../../src/server/db/seed/fixtures/scenarios/scenario-files.js';
import { DEIDENTIFY_REQUIRED_MESSAGE, NO_ADAPTATION_MESSAGE, COPY_LICENCE_MESSAGE, LICENCE_MESSAGE } from '../../src/shared/licences.js';
import {
  CHANGE_NOTE_REQUIRED_MESSAGE, RATING_MESSAGE, REVIEW_ALREADY_REPORTED_MESSAGE, REVIEW_NOT_ALLOWED_MESSAGE, REVIEW_OWN_MESSAGE, VERSION_FILE_MESSAGE,
} from '../../src/shared/endpoints/exchange.js';

/** A multipart form: text fields, then files. */
function form(fields: Record<string, string>, files: { name: string; filename: string; content: Buffer }[]) {
  const boundary = `----exch${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}


async function storeScenario(app: FastifyInstance, user: TestUser, name: string) {
  const fileName = `${name.replace(/\W+/g, '-')}.json`;
  const bytes = scenarioFileBytes({ name, description: 'A described scenario', ageClass: 2, condition: 0 }, '.json');
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'exch-')), fileName);
  fs.writeFileSync(tmp, bytes);
  const row = await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const created = await getUploadKind('scenario')!.accept(app, row, { filePath: tmp, originalName: fileName, size: bytes.length, ext: '.json' });
  await app.jobs.drain();
  return created as { id: number; uuid_id: string };
}

describe.each(dbKinds)('scenario exchange (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let third: TestUser;
  let tagId: number;

  const edit = (user: TestUser, id: number | string, payload: object) => as(t.app, user, { method: 'PATCH', url: `/api/scenarios/edit/${id}`, payload });
  const get = (user: TestUser, id: number | string) => as(t.app, user, { method: 'GET', url: `/api/scenarios/${id}` });
  const copy = (user: TestUser, id: number | string) => as(t.app, user, { method: 'POST', url: `/api/scenarios/copy/${id}` });
  async function publicScenario(user: TestUser, name: string) {
    const s = await storeScenario(t.app, user, name);
    const res = await edit(user, s.id, { tags: [tagId], privacy_level: 2, confirm_deidentified: true });
    expect(res.statusCode).toBe(200);
    return s;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    other = await createUser(t.app, { firstName: 'Oscar', lastName: 'Other' });
    third = await createUser(t.app, { firstName: 'Thea', lastName: 'Third' });
    await t.app.db.insertInto('tags').values([{ title: 'Cardiac' }]).execute();
    tagId = (await t.app.db.selectFrom('tags').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  describe('licences', () => {
    it('a new user defaults to community; /me sets the default and uploads get it', async () => {
      const me = await as(t.app, owner, { method: 'GET', url: '/api/exchange/me' });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ default_licence: 'community', unconfirmed: [] });
      const before = await storeScenario(t.app, owner, 'Before default');
      expect((await get(owner, before.id)).json().licence).toBe('community');
      const set = await as(t.app, owner, { method: 'PUT', url: '/api/exchange/me/licence', payload: { licence: 'cc-by-nc-4.0' } });
      expect(set.statusCode).toBe(200);
      expect(set.json().default_licence).toBe('cc-by-nc-4.0');
      const after = await storeScenario(t.app, owner, 'After default');
      expect((await get(owner, after.id)).json().licence).toBe('cc-by-nc-4.0');
    });

    it('refuses an unknown licence with 422 and the message', async () => {
      const res = await as(t.app, owner, { method: 'PUT', url: '/api/exchange/me/licence', payload: { licence: 'gpl' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(LICENCE_MESSAGE);
      const s = await storeScenario(t.app, owner, 'Bad licence');
      const e = await edit(owner, s.id, { licence: 'public-domain' });
      expect(e.statusCode).toBe(422);
      expect(e.json().message).toBe(LICENCE_MESSAGE);
    });

    it('the owner sets the licence on edit and through the licence call; others cannot (404)', async () => {
      const s = await storeScenario(t.app, owner, 'Licensed');
      expect((await edit(owner, s.id, { licence: 'cc-by-4.0' })).json().licence).toBe('cc-by-4.0');
      const put = await as(t.app, owner, { method: 'PUT', url: `/api/exchange/scenarios/${s.uuid_id}/licence`, payload: { licence: 'cc-by-nc-sa-4.0' } });
      expect(put.statusCode).toBe(200);
      expect(put.json().licence).toBe('cc-by-nc-sa-4.0');
      const theirs = await as(t.app, other, { method: 'PUT', url: `/api/exchange/scenarios/${s.uuid_id}/licence`, payload: { licence: 'cc-by-4.0' } });
      expect(theirs.statusCode).toBe(404);
    });

    it('a copy keeps the licence and the attribution, and may not change the licence', async () => {
      const s = await publicScenario(owner, 'Shared CC');
      await edit(owner, s.id, { licence: 'cc-by-4.0' });
      const c = await copy(other, s.id);
      expect(c.statusCode).toBe(200);
      expect(c.json()).toMatchObject({
        licence: 'cc-by-4.0', is_adaptable: true,
        based_on: { uuid_id: s.uuid_id, name: 'Shared CC', author: 'Olive Owner', licence: 'cc-by-4.0' },
      });
      const change = await edit(other, c.json().id, { licence: 'community' });
      expect(change.statusCode).toBe(422);
      expect(change.json().message).toBe(COPY_LICENCE_MESSAGE);
      // Adapting a CC BY copy is allowed.
      expect((await edit(other, c.json().id, { description: 'Adapted for our ward' })).statusCode).toBe(200);
    });

    it("a copy of a work licensed 'community' cannot be edited (403); it can still be downloaded and deleted", async () => {
      const s = await publicScenario(owner, 'Reserved');
      await edit(owner, s.id, { licence: 'community' });
      const c = (await copy(other, s.id)).json();
      expect(c).toMatchObject({ licence: 'community', is_adaptable: false, based_on: { name: 'Reserved', author: 'Olive Owner' } });
      for (const payload of [{ description: 'Changed' }, { tags: [tagId] }, { privacy_level: 2, confirm_deidentified: true }]) {
        const res = await edit(other, c.id, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(NO_ADAPTATION_MESSAGE);
      }
      const lic = await as(t.app, other, { method: 'PUT', url: `/api/exchange/scenarios/${c.id}/licence`, payload: { licence: 'cc-by-4.0' } });
      expect(lic.statusCode).toBe(403);
      expect((await as(t.app, other, { method: 'GET', url: `/api/scenarios/download/${c.id}` })).statusCode).toBe(200);
      // The original's owner still edits the original.
      expect((await edit(owner, s.id, { description: 'Still mine' })).statusCode).toBe(200);
      expect((await as(t.app, other, { method: 'DELETE', url: `/api/scenarios/delete/${c.id}` })).statusCode).toBe(200);
    });

    it('the attribution stays when the original is deleted', async () => {
      const s = await publicScenario(owner, 'Deleted later');
      await edit(owner, s.id, { licence: 'cc-by-4.0' });
      const c = (await copy(other, s.id)).json();
      expect((await as(t.app, owner, { method: 'DELETE', url: `/api/scenarios/delete/${s.id}` })).statusCode).toBe(200);
      expect((await get(other, c.id)).json().based_on).toEqual({ uuid_id: null, name: 'Deleted later', author: 'Olive Owner', licence: 'cc-by-4.0' });
    });
  });

  describe('de-identification', () => {
    it('making a scenario public without the confirmation is refused with 422 and the message', async () => {
      const s = await storeScenario(t.app, owner, 'Needs confirmation');
      const res = await edit(owner, s.id, { tags: [tagId], privacy_level: 2 });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(DEIDENTIFY_REQUIRED_MESSAGE);
      expect((await get(owner, s.id)).json().privacy_level).toBe(0);
      const ok = await edit(owner, s.id, { tags: [tagId], privacy_level: 2, confirm_deidentified: true });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().public_confirmation).toMatchObject({ confirmed_by: 'Olive Owner' });
      expect(Date.parse(ok.json().public_confirmation.confirmed_at)).toBeGreaterThan(Date.now() - 60_000);
      // Shown to the owner only.
      expect((await get(other, s.id)).json().public_confirmation).toBeNull();
      // Given once: private and public again needs no new confirmation.
      expect((await edit(owner, s.id, { privacy_level: 0 })).statusCode).toBe(200);
      expect((await edit(owner, s.id, { privacy_level: 2 })).statusCode).toBe(200);
      const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'scenario.confirm_deidentified').where('target_id', '=', s.uuid_id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: owner.id, target_type: 'scenario' });
    });

    it('making media public needs the confirmation; admins see it on review', async () => {
      const admin = await createUser(t.app, { role: 4 });
      const ins = await t.app.db.insertInto('media').values({
        uuid_id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Monitor photo', description: null, alt_text: 'A patient monitor showing sinus rhythm', is_video: 0,
        file_key: 'media/x/full.png', file_name: 'x.png', file_size: 1, mime_type: 'image/png', thumb_key: null, is_processed: 1,
        processing_error: null, approval_status: 0, rejection_reason: null, privacy_level: 0, contributed_by: owner.id,
        contributed_at: new Date().toISOString(), num_downloads: 0, duration_in_seconds: 0, public_confirmed_by: null, public_confirmed_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      const mediaEdit = (payload: object) => as(t.app, owner, { method: 'PATCH', url: `/api/media/Edit/${ins.id}`, payload });
      const refused = await mediaEdit({ privacy_level: 2 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(DEIDENTIFY_REQUIRED_MESSAGE);
      const ok = await mediaEdit({ privacy_level: 2, confirm_deidentified: true, licence: 'cc-by-4.0' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().media).toMatchObject({ privacy_level: 2, licence: 'cc-by-4.0', public_confirmation: { confirmed_by: 'Olive Owner' } });
      const pending = (await as(t.app, admin, { method: 'GET', url: '/api/media/MediaPendingApproval' })).json();
      const item = pending.media.find((m: { id: number }) => m.id === ins.id);
      expect(item.public_confirmation).toMatchObject({ confirmed_by: 'Olive Owner' });
      const lic = await as(t.app, owner, { method: 'PUT', url: `/api/exchange/media/${ins.id}/licence`, payload: { licence: 'cc-by-nc-4.0' } });
      expect(lic.statusCode).toBe(200);
      expect(lic.json().licence).toBe('cc-by-nc-4.0');
      expect((await as(t.app, other, { method: 'PUT', url: `/api/exchange/media/${ins.id}/licence`, payload: { licence: 'cc-by-4.0' } })).statusCode).toBe(404);
      const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'media.confirm_deidentified').execute();
      expect(audit.map((a) => a.target_id)).toContain('c0ffee00-0000-4000-8000-000000000001');
    });

    it('/me lists my public items made public before the confirmation, until confirmed', async () => {
      const s = await storeScenario(t.app, third, 'Old public');
      await t.app.db.updateTable('scenarios').set({ privacy_level: 2, description: 'x', patient_age: 2, patient_condition: 0 }).where('id', '=', s.id).execute();
      await t.app.db.insertInto('scenario_tags').values({ scenario_id: s.id, tag_id: tagId }).execute();
      expect((await as(t.app, third, { method: 'GET', url: '/api/exchange/me' })).json().unconfirmed).toEqual([{ kind: 'scenario', uuid_id: s.uuid_id, name: 'Old public' }]);
      expect((await as(t.app, other, { method: 'GET', url: '/api/exchange/me' })).json().unconfirmed).toEqual([]);
      // Editing an already public item without confirming stays allowed.
      expect((await edit(third, s.id, { description: 'Still public' })).statusCode).toBe(200);
      expect((await edit(third, s.id, { confirm_deidentified: true })).statusCode).toBe(200);
      expect((await as(t.app, third, { method: 'GET', url: '/api/exchange/me' })).json().unconfirmed).toEqual([]);
    });
  });

  describe('adaptations', () => {
    it("counts public adaptations for everyone and one's own private copy for oneself", async () => {
      const s = await publicScenario(owner, 'Much adapted');
      await edit(owner, s.id, { licence: 'cc-by-4.0' });
      const a = (await copy(other, s.id)).json();
      const b = (await copy(third, s.id)).json();
      expect((await get(owner, s.id)).json().num_adaptations).toBe(0);
      expect((await get(other, s.id)).json().num_adaptations).toBe(1);
      expect((await edit(other, a.id, { tags: [tagId], privacy_level: 2, confirm_deidentified: true })).statusCode).toBe(200);
      expect((await get(owner, s.id)).json().num_adaptations).toBe(1);
      expect((await get(third, s.id)).json().num_adaptations).toBe(2);
      expect(b.based_on.name).toBe('Much adapted');
    });
  });

  describe('versions', () => {
    const versionFile = (name: string) => scenarioFileBytes({ name, description: 'Changed inside', ageClass: 2, condition: 1 }, '.json');
    const upload = (user: TestUser, id: number | string, note: string | null, content?: Buffer, filename = 'case-v2.json') =>
      as(t.app, user, {
        method: 'POST',
        url: `/api/exchange/scenarios/${id}/versions`,
        ...form(note === null ? {} : { change_note: note }, content ? [{ name: 'scenFile', filename, content }] : []),
      });
    const notificationsOf = async (user: TestUser) =>
      t.app.db.selectFrom('notifications').select(['name', 'description', 'kind', 'link']).where('user_id', '=', user.id).where('kind', '=', 'new_version').execute();

    it('the owner uploads a new version with a change note; same uuid, history, earlier file downloadable', async () => {
      const s = await publicScenario(owner, 'Sepsis ward');
      const first = (await get(owner, s.id)).json();
      expect(first.version).toBe(1);
      const one = await as(t.app, owner, { method: 'GET', url: `/api/exchange/scenarios/${s.uuid_id}/versions` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ current: 1, versions: [{ version: 1, is_current: true, change_note: '' }] });

      const res = await upload(owner, s.uuid_id, 'Added a lactate result', versionFile('Sepsis ward'));
      expect(res.statusCode).toBe(200);
      expect(res.json().current).toBe(2);
      expect(res.json().versions.map((v: { version: number; change_note: string; is_current: boolean }) => [v.version, v.change_note, v.is_current]))
        .toEqual([[2, 'Added a lactate result', true], [1, '', false]]);
      await t.app.jobs.drain();
      const now2 = (await get(owner, s.uuid_id)).json();
      expect(now2).toMatchObject({ id: s.id, uuid_id: s.uuid_id, version: 2, file_name: 'case-v2.json', privacy_level: 2, description: 'A described scenario' });

      // The earlier version downloads (its file is kept), its name naming the version for the device.
      const old = await as(t.app, other, { method: 'GET', url: `/api/exchange/scenarios/${s.uuid_id}/versions/1/download` });
      expect(old.statusCode).toBe(200);
      expect(old.json()).toMatchObject({ version: 1, fileName: first.file_name });
      const fetched = await t.app.inject({ method: 'GET', url: old.json().url });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.body).toContain('A described scenario');
      const cur = await as(t.app, other, { method: 'GET', url: `/api/exchange/scenarios/${s.uuid_id}/versions/2/download` });
      expect(cur.json()).toMatchObject({ version: 2, fileName: 'case-v2 (v2).json' });
      expect((await as(t.app, other, { method: 'GET', url: `/api/exchange/scenarios/${s.uuid_id}/versions/7/download` })).statusCode).toBe(404);
      const dl = (await as(t.app, other, { method: 'GET', url: `/api/scenarios/download/${s.id}` })).json();
      // The current download names its version too (the device keeps the file under that name).
      expect(dl).toMatchObject({ version: 2, fileName: 'case-v2 (v2).json', attribution: expect.stringContaining('Sepsis ward by Olive Owner') });

      await upload(owner, s.id, 'Third', versionFile('Sepsis ward'), 'case-v3.json');
      const hist = (await as(t.app, owner, { method: 'GET', url: `/api/exchange/scenarios/${s.id}/versions` })).json();
      expect(hist.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    });

    it('refuses a missing change note or file (422), a non-owner (403), a private one of another (404)', async () => {
      const s = await publicScenario(owner, 'Strict versions');
      const noNote = await upload(owner, s.id, '  ', versionFile('x'));
      expect(noNote.statusCode).toBe(422);
      expect(noNote.json().message).toBe(CHANGE_NOTE_REQUIRED_MESSAGE);
      const noFile = await upload(owner, s.id, 'A note');
      expect(noFile.statusCode).toBe(422);
      expect(noFile.json().message).toBe(VERSION_FILE_MESSAGE);
      const wrongType = await upload(owner, s.id, 'A note', Buffer.from('plain text'), 'notes.txt');
      expect(wrongType.statusCode).toBe(422);
      expect((await upload(other, s.id, 'Mine now', versionFile('x'))).statusCode).toBe(403);
      const priv = await storeScenario(t.app, owner, 'Private versions');
      expect((await upload(other, priv.id, 'Mine now', versionFile('x'))).statusCode).toBe(404);
      expect((await as(t.app, other, { method: 'GET', url: `/api/exchange/scenarios/${priv.id}/versions` })).statusCode).toBe(404);
      expect((await get(owner, s.id)).json().version).toBe(1);
    });

    it('tells who favourited it or copied it, once each, not the owner', async () => {
      const fan = await createUser(t.app, { firstName: 'Fay', lastName: 'Fan' });
      const copier = await createUser(t.app, { firstName: 'Cole', lastName: 'Copier' });
      const bystander = await createUser(t.app, { firstName: 'Bea', lastName: 'Bystander' });
      const s = await publicScenario(owner, 'Anaphylaxis');
      await edit(owner, s.id, { licence: 'cc-by-4.0' });
      expect((await as(t.app, fan, { method: 'POST', url: `/api/scenarios/togglefavourite/${s.id}` })).statusCode).toBe(200);
      await as(t.app, copier, { method: 'POST', url: `/api/scenarios/togglefavourite/${s.id}` });
      expect((await copy(copier, s.id)).statusCode).toBe(200);
      await as(t.app, owner, { method: 'POST', url: `/api/scenarios/togglefavourite/${s.id}` });
      expect((await upload(owner, s.id, 'New adrenaline dose', versionFile('Anaphylaxis'))).statusCode).toBe(200);
      for (const u of [fan, copier]) {
        expect(await notificationsOf(u)).toEqual([{ name: 'A new version of Anaphylaxis is available', description: 'New adrenaline dose', kind: 'new_version', link: `/scenario/${s.uuid_id}` }]);
      }
      expect(await notificationsOf(bystander)).toEqual([]);
      expect(await notificationsOf(owner)).toEqual([]);
    });

    it('writes the new-version and review notifications in each recipient\'s language', async () => {
      const german = await createUser(t.app, { firstName: 'Greta', lastName: 'Gast' });
      await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', german.id).execute();
      const english = await createUser(t.app, { firstName: 'Ed', lastName: 'English' });
      const s = await publicScenario(owner, 'Sprachen');
      for (const u of [german, english]) await as(t.app, u, { method: 'POST', url: `/api/scenarios/togglefavourite/${s.id}` });
      expect((await upload(owner, s.id, 'Neue Dosis', versionFile('Sprachen'))).statusCode).toBe(200);
      expect((await notificationsOf(german)).map((n) => n.name)).toEqual(['Eine neue Version von Sprachen ist verfügbar']);
      expect((await notificationsOf(english)).map((n) => n.name)).toEqual(['A new version of Sprachen is available']);

      // A German owner reads who rated the scenario in German.
      const mine = await publicScenario(german, 'Meins');
      await as(t.app, english, { method: 'POST', url: `/api/scenarios/togglefavourite/${mine.id}` });
      expect((await as(t.app, english, { method: 'PUT', url: `/api/exchange/scenarios/${mine.id}/reviews/mine`, payload: { rating: 4 } })).statusCode).toBe(200);
      const told = await t.app.db.selectFrom('notifications').select('name').where('user_id', '=', german.id).where('kind', '=', 'review').execute();
      expect(told.map((n) => n.name)).toEqual(['Ed English hat Meins mit 4 von 5 bewertet']);
    });

    it('a copy that may not be adapted gets no new versions (403)', async () => {
      const s = await publicScenario(owner, 'Locked versions');
      expect((await edit(owner, s.id, { licence: 'community' })).statusCode).toBe(200);
      const c = (await copy(other, s.id)).json();
      const res = await upload(other, c.id, 'Mine', versionFile('x'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NO_ADAPTATION_MESSAGE);
    });
  });

  describe('adaptation list', () => {
    it('lists public adaptations only, with name and author', async () => {
      const s = await publicScenario(owner, 'Listed original');
      await edit(owner, s.id, { licence: 'cc-by-nc-sa-4.0' });
      const pub = (await copy(other, s.id)).json();
      await copy(third, s.id);
      expect((await edit(other, pub.id, { tags: [tagId], privacy_level: 2, confirm_deidentified: true })).statusCode).toBe(200);
      const res = await as(t.app, third, { method: 'GET', url: `/api/exchange/scenarios/${s.uuid_id}/adaptations` });
      expect(res.statusCode).toBe(200);
      expect(res.json().adaptations).toEqual([{ uuid_id: pub.uuid_id, name: 'Listed original', author: 'Oscar Other', contributed_at: expect.any(String) }]);
      expect((await get(third, pub.id)).json().based_on).toMatchObject({ name: 'Listed original', author: 'Olive Owner', uuid_id: s.uuid_id });
    });
  });

  describe('reviews', () => {
    const review = (user: TestUser, id: number | string, payload: object) => as(t.app, user, { method: 'PUT', url: `/api/exchange/scenarios/${id}/reviews/mine`, payload });
    const reviews = (user: TestUser, id: number | string) => as(t.app, user, { method: 'GET', url: `/api/exchange/scenarios/${id}/reviews` });

    it('who downloaded or favourited may rate once (edit, delete); average and count on the card; owner told', async () => {
      const r1 = await createUser(t.app, { firstName: 'Rita', lastName: 'Rater' });
      const r2 = await createUser(t.app, { firstName: 'Rob', lastName: 'Rater' });
      const s = await publicScenario(owner, 'Rated case');
      const refused = await review(r1, s.id, { rating: 5 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(REVIEW_NOT_ALLOWED_MESSAGE);
      expect((await reviews(r1, s.id)).json()).toMatchObject({ can_review: false, mine: null, rating_count: 0, rating_average: null });
      const own = await review(owner, s.id, { rating: 5 });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(REVIEW_OWN_MESSAGE);

      await as(t.app, r1, { method: 'GET', url: `/api/scenarios/download/${s.id}` });
      await as(t.app, r2, { method: 'POST', url: `/api/scenarios/togglefavourite/${s.id}` });
      const bad = await review(r1, s.id, { rating: 6 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe(RATING_MESSAGE);
      expect((await review(r1, s.id, { rating: 5, body: 'Worked well with second-year students.' })).statusCode).toBe(200);
      expect((await review(r2, s.id, { rating: 4 })).statusCode).toBe(200);
      // A second one by the same person changes theirs: still one each.
      const again = await review(r1, s.id, { rating: 3, body: 'Good, but long.' });
      expect(again.json()).toMatchObject({ rating: 3, body: 'Good, but long.', is_mine: true, author: { name: 'Rita Rater' } });
      const rows = await t.app.db.selectFrom('scenario_reviews').select('user_id').where('scenario_id', '=', s.id).execute();
      expect(rows).toHaveLength(2);
      expect((await get(third, s.id)).json()).toMatchObject({ rating_average: 3.5, rating_count: 2 });
      const list = (await reviews(r1, s.id)).json();
      expect(list).toMatchObject({ rating_average: 3.5, rating_count: 2, can_review: true, mine: { rating: 3 } });
      expect(list.reviews).toHaveLength(2);
      const told = await t.app.db.selectFrom('notifications').select(['name', 'kind']).where('user_id', '=', owner.id).where('kind', '=', 'review').execute();
      expect(told.map((n) => n.name)).toEqual(['Rita Rater rated Rated case 5 of 5', 'Rob Rater rated Rated case 4 of 5']);

      expect((await as(t.app, r2, { method: 'DELETE', url: `/api/exchange/scenarios/${s.id}/reviews/mine` })).statusCode).toBe(200);
      expect((await as(t.app, r2, { method: 'DELETE', url: `/api/exchange/scenarios/${s.id}/reviews/mine` })).statusCode).toBe(404);
      expect((await get(third, s.id)).json()).toMatchObject({ rating_average: 3, rating_count: 1 });
    });

    it('sorts the library by rating, unrated last', async () => {
      const fan = await createUser(t.app, { firstName: 'Sol', lastName: 'Sorter' });
      const low = await publicScenario(owner, 'Sort low');
      const high = await publicScenario(owner, 'Sort high');
      for (const [s, rating] of [[low, 2], [high, 5]] as const) {
        await as(t.app, fan, { method: 'POST', url: `/api/scenarios/togglefavourite/${s.id}` });
        expect((await review(fan, s.id, { rating })).statusCode).toBe(200);
      }
      const page = (await as(t.app, fan, { method: 'GET', url: '/api/scenarios/0/100/-1/-1/-1?sort=rating' })).json();
      const names: string[] = page.scenarios.map((x: { name: string }) => x.name);
      expect(names.indexOf('Sort high')).toBeLessThan(names.indexOf('Sort low'));
      const rated = page.scenarios.filter((x: { rating_count: number }) => x.rating_count > 0);
      expect(names.slice(0, rated.length)).toEqual(rated.map((x: { name: string }) => x.name));
      const averages = rated.map((x: { rating_average: number }) => x.rating_average);
      expect([...averages].sort((a, b) => b - a)).toEqual(averages);
      expect((await as(t.app, fan, { method: 'GET', url: '/api/scenarios/0/10/-1/-1/-1?sort=best' })).statusCode).toBe(422);
    });

    it('reviews are reported like posts: once, not one\'s own, admins told', async () => {
      const admin = await createUser(t.app, { role: 5, firstName: 'Ada', lastName: 'Admin' });
      const writer = await createUser(t.app, { firstName: 'Wes', lastName: 'Writer' });
      const s = await publicScenario(owner, 'Reported review');
      await as(t.app, writer, { method: 'GET', url: `/api/scenarios/download/${s.id}` });
      const r = (await review(writer, s.id, { rating: 1, body: 'Rubbish' })).json();
      expect((await as(t.app, writer, { method: 'POST', url: `/api/exchange/reviews/${r.id}/report` })).statusCode).toBe(422);
      expect((await as(t.app, other, { method: 'POST', url: `/api/exchange/reviews/${r.id}/report` })).statusCode).toBe(200);
      const twice = await as(t.app, other, { method: 'POST', url: `/api/exchange/reviews/${r.id}/report` });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(REVIEW_ALREADY_REPORTED_MESSAGE);
      expect((await as(t.app, other, { method: 'POST', url: '/api/exchange/reviews/999999/report' })).statusCode).toBe(404);
      const told = await t.app.db.selectFrom('notifications').select('name').where('user_id', '=', admin.id).where('kind', '=', 'moderation').execute();
      expect(told.map((n) => n.name)).toContain('A review was reported');
    });

    it('admins list reported reviews, ignore a report, and delete a review (its rating leaves the average)', async () => {
      const admin = await createUser(t.app, { role: 5, firstName: 'Mo', lastName: 'Moderator' });
      const writer = await createUser(t.app, { firstName: 'Rae', lastName: 'Rater' });
      const reporter = await createUser(t.app, { firstName: 'Pat', lastName: 'Reporter' });
      const s = await publicScenario(owner, 'Moderated review');
      await as(t.app, writer, { method: 'GET', url: `/api/scenarios/download/${s.id}` });
      const r = (await review(writer, s.id, { rating: 1, body: 'Spam spam' })).json();
      for (const who of [other, reporter]) expect((await as(t.app, who, { method: 'POST', url: `/api/exchange/reviews/${r.id}/report` })).statusCode).toBe(200);

      // Not for users.
      expect((await as(t.app, other, { method: 'GET', url: '/api/exchange/reviews/reported' })).statusCode).toBe(403);
      expect((await as(t.app, other, { method: 'POST', url: `/api/exchange/reviews/${r.id}/delete` })).statusCode).toBe(403);
      expect((await as(t.app, other, { method: 'POST', url: `/api/exchange/reviews/${r.id}/reports/${reporter.id}/ignore` })).statusCode).toBe(403);

      const listed = (await as(t.app, admin, { method: 'GET', url: '/api/exchange/reviews/reported' })).json() as { review: { id: number; body: string; author: { name: string } }; scenario: { name: string }; reported_by: { id: number; name: string } }[];
      const mine = listed.filter((x) => x.review.id === r.id);
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({ review: { body: 'Spam spam', author: { name: 'Rae Rater' } }, scenario: { name: 'Moderated review' } });
      expect(mine.map((x) => x.reported_by.name).sort()).toEqual(['Oscar Other', 'Pat Reporter'].sort());

      // Ignoring one report leaves the other; ignoring again is 404.
      expect((await as(t.app, admin, { method: 'POST', url: `/api/exchange/reviews/${r.id}/reports/${reporter.id}/ignore` })).statusCode).toBe(200);
      expect((await as(t.app, admin, { method: 'POST', url: `/api/exchange/reviews/${r.id}/reports/${reporter.id}/ignore` })).statusCode).toBe(404);
      const after = (await as(t.app, admin, { method: 'GET', url: '/api/exchange/reviews/reported' })).json() as { review: { id: number }; reported_by: { id: number } }[];
      expect(after.filter((x) => x.review.id === r.id).map((x) => x.reported_by.id)).toEqual([other.id]);

      // Deleting removes the review, its reports and its rating; the author is told.
      expect((await as(t.app, admin, { method: 'POST', url: `/api/exchange/reviews/${r.id}/delete` })).statusCode).toBe(200);
      expect((await as(t.app, admin, { method: 'POST', url: `/api/exchange/reviews/${r.id}/delete` })).statusCode).toBe(404);
      expect((await as(t.app, admin, { method: 'POST', url: '/api/exchange/reviews/abc/delete' })).statusCode).toBe(404);
      const gone = (await as(t.app, admin, { method: 'GET', url: '/api/exchange/reviews/reported' })).json() as { review: { id: number } }[];
      expect(gone.some((x) => x.review.id === r.id)).toBe(false);
      const reviews = (await as(t.app, writer, { method: 'GET', url: `/api/exchange/scenarios/${s.uuid_id}/reviews` })).json();
      expect(reviews).toMatchObject({ rating_count: 0, rating_average: null, mine: null });
      const told = await t.app.db.selectFrom('notifications').select('name').where('user_id', '=', writer.id).where('kind', '=', 'moderation').execute();
      expect(told.map((n) => n.name)).toContain('Your review was removed');
    });
  });

  it('every exchange route needs a session (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/exchange/scenarios/1/versions'], ['POST', '/api/exchange/scenarios/1/versions'], ['GET', '/api/exchange/scenarios/1/versions/1/download'],
      ['GET', '/api/exchange/scenarios/1/adaptations'], ['GET', '/api/exchange/scenarios/1/reviews'], ['PUT', '/api/exchange/scenarios/1/reviews/mine'],
      ['DELETE', '/api/exchange/scenarios/1/reviews/mine'], ['POST', '/api/exchange/reviews/1/report'],
      ['GET', '/api/exchange/reviews/reported'], ['POST', '/api/exchange/reviews/1/reports/1/ignore'], ['POST', '/api/exchange/reviews/1/delete'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
