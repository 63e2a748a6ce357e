import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('health and errors (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with 404 and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Resource not found' });
  });

  it('signs a test user in', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(u.username);
  });
});
