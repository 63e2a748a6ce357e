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
});
