// Messages in the request's language: the signed-in user's setting, else Accept-Language, else
// English; the account's language (PATCH /api/users/me).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp } from './helpers.js';

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
});
