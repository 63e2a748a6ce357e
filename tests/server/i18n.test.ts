// Messages in the request's language: the signed-in user's setting, else Accept-Language, else
// English; the account's language (PATCH /api/users/me).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, buildTestApp, createUser, dbKinds, lastMail, type TestApp, type TestUser } from './helpers.js';
import { getUploadKind } from '../../src/server/uploads/registry.js';
import { scenarioFileBytes } from '../../src/server/db/seed/fixtures/scenarios/scenario-files.js';

/** A mail's text with quoted-printable bytes (=C3=B6) decoded. */
const decoded = (text: string) =>
  Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** A processed, public scenario whose REALITi file names `language`. */
async function publicScenario(app: FastifyInstance, user: TestUser, name: string, language: string) {
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lang-')), `${name}.json`);
  const bytes = scenarioFileBytes({ name, description: 'Described', ageClass: 2, condition: 0, language }, '.json');
  fs.writeFileSync(tmp, bytes);
  const row = await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const created = await getUploadKind('scenario')!.accept(app, row, { filePath: tmp, originalName: `${name}.json`, size: bytes.length, ext: '.json' });
  await app.jobs.drain();
  const tag = await app.db.selectFrom('tags').select('id').executeTakeFirstOrThrow();
  const res = await as(app, user, { method: 'PATCH', url: `/api/scenarios/edit/${created.id}`, payload: { tags: [tag.id], privacy_level: 2, confirm_deidentified: true } });
  if (res.statusCode !== 200) throw new Error(`edit failed: ${res.body}`);
  return created.id;
}

describe.each(dbKinds)('languages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers a message in English without a language, and in German for Accept-Language: de', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: 'Resource not found' });
    const de = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' } });
    expect(de.json()).toEqual({ message: 'Nicht gefunden' });
    const fr = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'fr-FR, de;q=0.5' } });
    expect(fr.json()).toEqual({ message: 'Nicht gefunden' });
    const onlyFr = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'fr-FR' } });
    expect(onlyFr.json()).toEqual({ message: 'Resource not found' });
  });

  it('translates errors thrown by a service, and a message answer', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth', headers: { 'accept-language': 'de' }, payload: { username: 'nobody', password: 'Wrong1234' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Benutzername oder Passwort ist falsch.' });
    const reset = await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', headers: { 'accept-language': 'de' }, payload: { username: 'nobody@example.test' } });
    expect(reset.json()).toEqual({ message: 'Falls wir ein Konto mit dieser Adresse gefunden haben, haben wir Ihnen eine E-Mail mit weiteren Anweisungen geschickt.' });
  });

  it("answers the group and media screens' errors in the account's language", async () => {
    const u = await createUser(t.app);
    await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: 'de' } });
    const group = await as(t.app, u, { method: 'GET', url: '/api/forumgroup/999999' });
    expect(group.statusCode).toBe(404);
    expect(group.json()).toEqual({ message: 'Gruppe nicht gefunden' });
    await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: 'en' } });
    const english = await as(t.app, u, { method: 'GET', url: '/api/forumgroup/999999' });
    expect(english.json()).toEqual({ message: 'Group not found' });
  });

  it('keeps the account language, answers in it whatever the browser asks, and clears it', async () => {
    const u = await createUser(t.app);
    const me = await as(t.app, u, { method: 'GET', url: '/api/users/me' });
    expect(me.json()).toMatchObject({ language: null });
    const set = await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: 'de' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: u.id, language: 'de' });
    expect((await as(t.app, u, { method: 'GET', url: '/api/users/me' })).json()).toMatchObject({ language: 'de' });
    const missing = await as(t.app, u, { method: 'GET', url: '/api/users/UserDetails/999999', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Benutzer nicht gefunden' });
    const cleared = await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: null } });
    expect(cleared.json()).toMatchObject({ language: null });
    const again = await as(t.app, u, { method: 'GET', url: '/api/users/UserDetails/999999', headers: { 'accept-language': 'en' } });
    expect(again.json()).toEqual({ message: 'User not found' });
  });

  it('refuses a language the app does not speak, in the request language', async () => {
    const u = await createUser(t.app);
    const res = await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: 'fr' }, headers: { 'accept-language': 'de' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Die Sprache muss en oder de sein.' });
    const unknown = await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: 'de', colour: 'red' }, headers: { 'accept-language': 'de' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: 'Unbekanntes Feld: colour' });
  });

  describe('scenario languages', () => {
    let owner: TestUser;
    const ids: Record<string, number> = {};
    const names = async (query: string) =>
      ((await as(t.app, owner, { method: 'GET', url: `/api/scenarios/0/50/-1/-1/-1${query}` })).json() as { scenarios: { name: string }[] }).scenarios.map((s) => s.name).sort();

    beforeAll(async () => {
      owner = await createUser(t.app);
      await t.app.db.insertInto('tags').values({ title: 'Cardiac' }).execute();
      ids.de = await publicScenario(t.app, owner, 'Kammerflimmern', 'de');
      ids.deAt = await publicScenario(t.app, owner, 'Anaphylaxie', 'de-AT');
      ids.en = await publicScenario(t.app, owner, 'Chest pain', 'en-AU');
    });

    it('reads the language a REALITi file names', async () => {
      const s = (await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${ids.deAt}` })).json();
      expect(s.unicode_language_identifier).toBe('de-AT');
    });

    it('filters the library by language, regions included', async () => {
      expect(await names('?language=de')).toEqual(['Anaphylaxie', 'Kammerflimmern']);
      expect(await names('?language=de-AT')).toEqual(['Anaphylaxie']);
      expect(await names('?language=en')).toEqual(['Chest pain']);
      expect(await names('?language=fr')).toEqual([]);
      expect(await names('')).toEqual(['Anaphylaxie', 'Chest pain', 'Kammerflimmern']);
      const total = (await as(t.app, owner, { method: 'GET', url: '/api/scenarios/0/1/-1/-1/-1?language=de' })).json();
      expect(total.total).toBe(2);
      const searched = (await as(t.app, owner, { method: 'GET', url: '/api/scenarios/0/50/-1/-1/kammer/-1?language=de' })).json();
      expect(searched.scenarios.map((s: { name: string }) => s.name)).toEqual(['Kammerflimmern']);
    });

    it('refuses a language that is not a language code, in both languages', async () => {
      const en = await as(t.app, owner, { method: 'GET', url: '/api/scenarios/0/50/-1/-1/-1?language=%3Cscript%3E' });
      expect(en.statusCode).toBe(422);
      expect(en.json()).toEqual({ message: 'Language must be a language code such as en or de-AT' });
      const de = await as(t.app, owner, { method: 'GET', url: '/api/scenarios/0/50/-1/-1/-1?language=x', headers: { 'accept-language': 'de' } });
      expect(de.json()).toEqual({ message: 'Die Sprache muss ein Sprachcode wie en oder de-AT sein.' });
    });

    it('lets the owner set and clear the language', async () => {
      const set = await as(t.app, owner, { method: 'PATCH', url: `/api/scenarios/edit/${ids.en}`, payload: { unicode_language_identifier: 'de-CH' } });
      expect(set.statusCode).toBe(200);
      expect(set.json().unicode_language_identifier).toBe('de-CH');
      expect(await names('?language=de')).toEqual(['Anaphylaxie', 'Chest pain', 'Kammerflimmern']);
      const cleared = await as(t.app, owner, { method: 'PATCH', url: `/api/scenarios/edit/${ids.en}`, payload: { unicode_language_identifier: null } });
      expect(cleared.json().unicode_language_identifier).toBeNull();
      expect(await names('?language=de')).toEqual(['Anaphylaxie', 'Kammerflimmern']);
    });
  });

  describe('e-mails in the recipient\'s language', () => {
    const resetFor = async (email: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: email }, headers });
      expect(res.statusCode).toBe(200);
      await t.app.jobs.drain();
      return decoded(lastMail(t.dataDir, email).text);
    };

    it('writes the reset mail in the account language, whatever language the request asks in', async () => {
      const u = await createUser(t.app, { firstName: 'Greta' });
      await as(t.app, u, { method: 'PATCH', url: '/api/users/me', payload: { language: 'de' } });
      const text = await resetFor(u.email, { 'accept-language': 'en' });
      expect(text).toContain('Hallo Greta,');
      expect(text).toContain('Jemand möchte Ihr Passwort zurücksetzen.');
      expect(text).toContain('Der Link ist 1 Stunde gültig und funktioniert nur einmal.');
    });

    it('writes it in English for an account without a language', async () => {
      const u = await createUser(t.app, { firstName: 'Jane' });
      const text = await resetFor(u.email, { 'accept-language': 'de' });
      expect(text).toContain('Hi Jane,');
      expect(text).toContain('Someone asked to reset your password.');
    });

    it('writes the verification mail of a corpuls registration in German', async () => {
      const email = `neu_${Date.now()}@example.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'x-distributor-id': '3' },
        payload: { firstName: 'Lena', lastName: 'Neu', username: `neu_${Date.now()}`, email, password: 'Passw0rdA' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.jobs.drain();
      const text = decoded(lastMail(t.dataDir, email).text);
      expect(text).toContain('Hallo Lena,');
      expect(text).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    });
  });
});
