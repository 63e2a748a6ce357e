// Admin users and the audit log (spec sections 2 'Admin' and 7) on both databases:
// the paged, searchable user list, SetEnabled ending every session at once, no self-disable, and
// one audit log for admin actions with filters by action and actor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/shared/enums.js';
import type { AdminUsers, AuditPage } from '../../src/shared/schemas/admin.js';
import { recordAudit } from '../../src/server/lib/audit.js';
import { as, buildTestApp, createUser, dbKinds, login, TEST_PASSWORD, type TestApp, type TestUser } from './helpers.js';

describe.each(dbKinds)('admin users (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let emma: TestUser;
  let paul: TestUser;

  const list = async (url: string, who: TestUser = admin) => {
    const res = await as(t.app, who, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json() as AdminUsers;
  };
  const setEnabled = (who: TestUser, uuid: string, value: string) => as(t.app, who, { method: 'POST', url: `/api/users/SetEnabled/${uuid}/${value}` });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { username: 'aadmin', role: Role.User | Role.Admin, firstName: 'Ada', lastName: 'Admin' });
    emma = await createUser(t.app, { username: 'eeducator', firstName: 'Emma', lastName: 'Educator' });
    paul = await createUser(t.app, { username: 'pparamedic', firstName: 'Paul', lastName: 'Paramedic' });
  });
  afterAll(() => t.close());

  describe('GET /api/users/{offset}/{count}/{search}', () => {
    it('is for admins only', async () => {
      const res = await as(t.app, emma, { method: 'GET', url: '/api/users/0/100/-1' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do that' });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/0/100/-1' })).statusCode).toBe(401);
    });

    it('lists every account by last name with total, from and to, and pages', async () => {
      const all = await list('/api/users/0/100/-1');
      expect(all).toMatchObject({ total: 3, from: 0, to: 3 });
      expect(all.users.map((u) => u.username)).toEqual(['aadmin', 'eeducator', 'pparamedic']);
      expect(all.users[0]).toMatchObject({ uuid_id: admin.uuid_id, first_name: 'Ada', email: 'aadmin@example.test', enabled: true, roles: ['User', 'Admin'], role: 5 });
      const second = await list('/api/users/1/1/-1');
      expect(second).toMatchObject({ total: 3, from: 1, to: 2 });
      expect(second.users.map((u) => u.username)).toEqual(['eeducator']);
    });

    it('searches names, usernames and e-mails by prefix, accents ignored; no match is an empty page', async () => {
      expect((await list('/api/users/0/100/para')).users.map((u) => u.username)).toEqual(['pparamedic']);
      expect((await list('/api/users/0/100/EMMA%20edu')).users.map((u) => u.username)).toEqual(['eeducator']);
      expect((await list(`/api/users/0/100/${encodeURIComponent('Ádà')}`)).users.map((u) => u.username)).toEqual(['aadmin']);
      expect(await list('/api/users/0/100/nobody')).toEqual({ users: [], total: 0, from: 0, to: 0 });
    });

    it('refuses a bad count with a message', async () => {
      const res = await as(t.app, admin, { method: 'GET', url: '/api/users/0/0/-1' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Count must be at least 1' });
    });
  });

  describe('POST /api/users/SetEnabled/{uuid}/{bool}', () => {
    it('disabling ends every session of the user at once, and the user cannot sign in until enabled again', async () => {
      const second = await login(t.app, paul.username, TEST_PASSWORD);
      expect((await me(paul.cookie)).statusCode).toBe(200);
      expect((await me(second)).statusCode).toBe(200);

      const res = await setEnabled(admin, paul.uuid_id, 'false');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ enabled: false });
      expect((await me(paul.cookie)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect(await t.app.db.selectFrom('sessions').select('token_hash').where('user_id', '=', paul.id).execute()).toEqual([]);
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: paul.username, password: TEST_PASSWORD } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Your account has been disabled. To have it enabled again, contact support at support@isimulate.com.' });
      expect((await list('/api/users/0/100/pparamedic')).users[0].enabled).toBe(false);
      // Other users keep their sessions.
      expect((await me(emma.cookie)).statusCode).toBe(200);

      const back = await setEnabled(admin, paul.uuid_id, 'true');
      expect(back.json()).toEqual({ enabled: true });
      paul.cookie = await login(t.app, paul.username, TEST_PASSWORD);
      expect((await me(paul.cookie)).statusCode).toBe(200);
    });

    it('an admin cannot disable their own account', async () => {
      const res = await setEnabled(admin, admin.uuid_id, 'false');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'You cannot disable your own account' });
      expect((await me(admin.cookie)).statusCode).toBe(200);
      expect((await setEnabled(admin, admin.uuid_id, 'true')).json()).toEqual({ enabled: true });
    });

    it('is for admins only, and answers 404 for an unknown user and 422 for a bad flag', async () => {
      const forbidden = await setEnabled(emma, paul.uuid_id, 'false');
      expect(forbidden.statusCode).toBe(403);
      expect((await me(paul.cookie)).statusCode).toBe(200);
      const unknown = await setEnabled(admin, '00000000-0000-4000-8000-000000000000', 'false');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'User not found' });
      expect((await setEnabled(admin, 'not-a-uuid', 'false')).statusCode).toBe(404);
      const flag = await setEnabled(admin, paul.uuid_id, 'maybe');
      expect(flag.statusCode).toBe(422);
      expect(flag.json()).toEqual({ message: 'Enabled must be true or false' });
      expect((await setEnabled(admin, paul.uuid_id, 'TRUE')).json()).toEqual({ enabled: true });
    });
  });

  describe('the audit log', () => {
    const audit = async (query = '', who: TestUser = admin) => {
      const res = await as(t.app, who, { method: 'GET', url: `/api/admin/audit/0/50${query}` });
      expect(res.statusCode).toBe(200);
      return res.json() as AuditPage;
    };

    it('records enable and disable with actor and target, newest first', async () => {
      const page = await audit();
      const mine = page.entries.filter((e) => e.target_id === paul.uuid_id);
      expect(mine.map((e) => e.action)).toEqual(['user.enable', 'user.disable']);
      expect(mine[0]).toMatchObject({
        actor: { id: admin.id, uuid_id: admin.uuid_id, first_name: 'Ada', last_name: 'Admin' },
        target_type: 'user',
        target_label: 'Paul Paramedic',
        detail: null,
      });
      // Enabling an enabled account changes nothing and is not recorded.
      expect(page.entries.filter((e) => e.target_id === admin.uuid_id)).toEqual([]);
    });

    it('filters by action and by actor, and lists the choices', async () => {
      const other = await createUser(t.app, { username: 'bboss', role: Role.User | Role.Admin, firstName: 'Bea', lastName: 'Boss' });
      await recordAudit(t.app.db, { actorId: other.id, action: 'media.reject', targetType: 'media', targetId: 'gone-media', detail: 'Inappropriate' });
      const byAction = await audit('?action=media.reject');
      expect(byAction.entries.map((e) => [e.action, e.detail, e.target_label])).toEqual([['media.reject', 'Inappropriate', null]]);
      expect(byAction).toMatchObject({ total: 1, from: 0, to: 1 });
      const byActor = await audit(`?actor=${admin.id}`);
      expect(byActor.entries.length).toBeGreaterThanOrEqual(2);
      expect(byActor.entries.every((e) => e.actor?.id === admin.id)).toBe(true);
      expect(byActor.actions).toEqual(['media.reject', 'user.disable', 'user.enable']);
      expect(byActor.actors.map((a) => a.last_name)).toEqual(['Admin', 'Boss']);
      expect((await audit(`?actor=${admin.id}&action=media.reject`)).entries).toEqual([]);
    });

    it('is for admins only and refuses a bad actor', async () => {
      const res = await as(t.app, emma, { method: 'GET', url: '/api/admin/audit/0/50' });
      expect(res.statusCode).toBe(403);
      const bad = await as(t.app, admin, { method: 'GET', url: '/api/admin/audit/0/50?actor=x' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ message: 'Actor must be a whole number' });
    });
  });
});
