// User calls of spec section 7: UpdateUserDetails, UserDetails/{id}, AssignOrganisation/{code}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('users (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.db.insertInto('organisations').values({ name: 'Canberra Simulation Centre', website: 'https://sim.example.org', organisation_code: 'CSC-2026' }).execute();
  });
  afterAll(() => t.close());

  const update = (user: { cookie: string }, payload: Record<string, unknown>) =>
    as(t.app, user, { method: 'POST', url: '/api/users/UpdateUserDetails', payload });

  describe('UpdateUserDetails', () => {
    it('updates first name, last name and phone of the signed-in user', async () => {
      const u = await createUser(t.app);
      const res = await update(u, { Id: u.id, FirstName: ' Nina ', LastName: 'Medic', MobilePhone: '+61 400 000 000' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: u.id, first_name: 'Nina', last_name: 'Medic', mobile_phone: '+61 400 000 000' });
      const me = await as(t.app, u, { method: 'GET', url: '/api/users/me' });
      expect(me.json()).toMatchObject({ first_name: 'Nina', last_name: 'Medic', mobile_phone: '+61 400 000 000' });
    });

    it('keeps fields that are left blank', async () => {
      const u = await createUser(t.app, { firstName: 'Keep', lastName: 'Me' });
      const res = await update(u, { Id: u.uuid_id, FirstName: '', LastName: '  ', MobilePhone: '0400 111 222' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Keep', last_name: 'Me', mobile_phone: '0400 111 222' });
    });

    it('refuses an update where all three are blank', async () => {
      const u = await createUser(t.app);
      const res = await update(u, { Id: u.id, FirstName: ' ', LastName: '', MobilePhone: '' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Enter a first name, last name or phone number' });
    });

    it('refuses a malformed phone number', async () => {
      const u = await createUser(t.app);
      const res = await update(u, { Id: u.id, MobilePhone: 'call me maybe' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Please enter a valid phone number' });
    });

    it("refuses another user's details to a non-admin, allows an admin", async () => {
      const u = await createUser(t.app);
      const other = await createUser(t.app);
      const res = await update(u, { Id: other.id, FirstName: 'Hacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You may only update your own details' });
      const admin = await createUser(t.app, { role: 5 });
      const ok = await update(admin, { Id: other.uuid_id, FirstName: 'Fixed' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().first_name).toBe('Fixed');
      const missing = await update(admin, { Id: 999999, FirstName: 'Ghost' });
      expect(missing.statusCode).toBe(404);
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/UpdateUserDetails', payload: { Id: 1, FirstName: 'X' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('UserDetails/{id}', () => {
    it("returns another user's public details by id or uuid, without e-mail", async () => {
      const u = await createUser(t.app);
      const other = await createUser(t.app, { firstName: 'Olive' });
      for (const id of [String(other.id), other.uuid_id]) {
        const res = await as(t.app, u, { method: 'GET', url: `/api/users/UserDetails/${id}` });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: other.id, uuid_id: other.uuid_id, first_name: 'Olive', username: other.username });
        expect(res.json()).not.toHaveProperty('email');
        expect(res.json()).not.toHaveProperty('password_hash');
      }
    });

    it('answers 404 for an unknown or disabled user and 401 without a session', async () => {
      const u = await createUser(t.app);
      const other = await createUser(t.app);
      await t.app.db.updateTable('users').set({ enabled: 0 }).where('id', '=', other.id).execute();
      expect((await as(t.app, u, { method: 'GET', url: `/api/users/UserDetails/${other.id}` })).statusCode).toBe(404);
      const missing = await as(t.app, u, { method: 'GET', url: '/api/users/UserDetails/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found' });
      expect((await t.app.inject({ method: 'GET', url: `/api/users/UserDetails/${u.id}` })).statusCode).toBe(401);
    });
  });

  describe('bad ids', () => {
    it('answers 404 for ids beyond the column range or malformed, never 500', async () => {
      const u = await createUser(t.app);
      for (const id of ['2147483648', '99999999999999999999', 'not-a-uuid']) {
        const res = await as(t.app, u, { method: 'GET', url: `/api/users/UserDetails/${id}` });
        expect(res.statusCode, id).toBe(404);
        expect(res.json(), id).toEqual({ message: 'Resource not found' });
      }
      const nul = await as(t.app, u, { method: 'GET', url: '/api/users/UserDetails/%00' });
      expect(nul.statusCode).toBe(422);
      expect(nul.json()).toEqual({ message: 'Text must not contain NUL characters' });
      const admin = await createUser(t.app, { role: 5 });
      for (const Id of [99999999999, '2147483648', 1.5, 'abc']) {
        const res = await update(admin, { Id, FirstName: 'Ghost' });
        expect(res.statusCode, String(Id)).toBe(404);
        expect(res.json()).toEqual({ message: 'Resource not found' });
      }
    });
  });

  it("shows another user's organisation by name and website, without its code", async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const org = await t.app.db.selectFrom('organisations').select('id').where('organisation_code', '=', 'CSC-2026').executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ organisation_id: org.id }).where('id', '=', other.id).execute();
    const res = await as(t.app, u, { method: 'GET', url: `/api/users/UserDetails/${other.uuid_id}` });
    expect(res.json().organisation).toEqual({ name: 'Canberra Simulation Centre', website: 'https://sim.example.org' });
  });

  describe('AssignOrganisation/{code}', () => {
    it('links the organisation by code (trimmed, any case) and returns the user with it', async () => {
      const u = await createUser(t.app);
      const res = await as(t.app, u, { method: 'PATCH', url: `/api/Users/AssignOrganisation/${encodeURIComponent(' csc-2026 ')}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().organisation).toEqual({ name: 'Canberra Simulation Centre', website: 'https://sim.example.org', organisation_code: 'CSC-2026' });
      const me = await as(t.app, u, { method: 'GET', url: '/api/users/me' });
      expect(me.json().organisation.organisation_code).toBe('CSC-2026');
    });

    it('answers 404 with a message for an unknown code', async () => {
      const u = await createUser(t.app);
      const res = await as(t.app, u, { method: 'PATCH', url: '/api/Users/AssignOrganisation/NOPE' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'We could not find an organisation with that code.' });
    });

    it('refuses a blank code with 422', async () => {
      const u = await createUser(t.app);
      const res = await as(t.app, u, { method: 'PATCH', url: '/api/Users/AssignOrganisation/%20%20' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Organisation code is required' });
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'PATCH', url: '/api/Users/AssignOrganisation/CSC-2026' })).statusCode).toBe(401);
    });
  });
});
