// Write bodies with fields the API does not know are refused with 422 naming them, on every write
// route of the OpenAPI document, so a typo or a field under the wrong key is never answered 2xx
// while nothing of it was kept. The fields that stay tolerated (a device sends them) are listed in the
// README ('API').
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../src/server/lib/route.js';
import errors from '../../src/server/plugins/errors.js';
import { endpoint } from '../../src/shared/endpoint.js';
import { Role } from '../../src/shared/enums.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }> };
}

describe.each(dbKinds)('unknown fields in write bodies (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let writes: { method: string; path: string }[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { role: Role.User | Role.Dev | Role.Admin });
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    writes = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const json = op.requestBody?.content?.['application/json']?.schema;
        if (json?.type === 'object' && json.properties) writes.push({ method: method.toUpperCase(), path });
      }
    }
  });
  afterAll(() => t.close());

  it('the document has JSON write routes to check', () => {
    expect(writes.length).toBeGreaterThanOrEqual(20);
    expect(writes).toContainEqual({ method: 'PATCH', path: '/api/scenarios/edit/{id}' });
    expect(writes).toContainEqual({ method: 'POST', path: '/api/editor/debriefs' });
  });

  it('every JSON write route refuses a body with an unknown field with 422 naming it', async () => {
    const wrong: string[] = [];
    for (const { method, path } of writes) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await as(t.app, admin, { method: method as 'POST', url, payload: { zzUnknownField: 'x' } });
      if (res.statusCode !== 422 || res.json().message !== 'Unknown field: zzUnknownField') wrong.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a typo in a scenario edit is refused and changes nothing: 'Unknown field: descriptoin'", async () => {
    const res = await as(t.app, admin, { method: 'PATCH', url: '/api/scenarios/edit/1', payload: { descriptoin: 'New text' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Unknown field: descriptoin' });
  });

  it('a debrief with its scores under the wrong key is refused, naming the nested field, and nothing is stored', async () => {
    const body = {
      name: 'VF arrest',
      student: { studentId: 'S-1', name: 'Mia', email: 'mia@example.edu' },
      scenario: { id: '', name: 'VF' },
      debriefJson: { scores: { gradedScore: 11 }, eventList: [{ eventType: 30, title: 'Call for help 2', actualTime: 5, tiem: 5 }] },
    };
    const res = await as(t.app, admin, { method: 'POST', url: '/api/editor/debriefs', payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Unknown fields: debriefJson.scores, debriefJson.eventList[0].tiem' });
    const list = await as(t.app, admin, { method: 'GET', url: '/api/editor/DebriefsForCurrentUser' });
    expect(list.json()).toEqual([]);
  });

  it("a debrief's device extras (deviceSerial, studentInfo) are ignored, not refused", async () => {
    const res = await as(t.app, admin, {
      method: 'POST',
      url: '/api/editor/debriefs',
      payload: { name: 'From a device', deviceSerial: 'ZX-99', studentInfo: { id: 1 }, debriefJson: { eventList: [] } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('From a device');
  });

  it('a feed or group post refuses an unknown field, as JSON or as a multipart field or file, and stores nothing', async () => {
    const json = await as(t.app, admin, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Typo', txet: 'Body' } });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ message: 'Unknown field: txet' });
    const boundary = 'unknownfieldsboundary';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`;
    const form = (parts: string) => ({ payload: `${parts}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const field = await as(t.app, admin, { method: 'POST', url: '/api/forumpost/CreatePost', ...form(part('title', 'Typo') + part('tgas', '1')) });
    expect(field.statusCode).toBe(422);
    expect(field.json()).toEqual({ message: 'Unknown field: tgas' });
    const file = await as(t.app, admin, { method: 'POST', url: '/api/forumpost/CreatePost', ...form(part('title', 'Typo') + part('photo', 'x', 'a.png')) });
    expect(file.statusCode).toBe(422);
    expect(file.json()).toEqual({ message: 'Unknown field: photo' });
    const feed = (await as(t.app, admin, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    expect(feed.posts.filter((p: { title: string }) => p.title === 'Typo')).toEqual([]);
  });

  it('a body with only known fields is still accepted', async () => {
    const res = await as(t.app, admin, {
      method: 'POST',
      url: '/api/editor/debriefs',
      payload: { name: 'Known', debriefJson: { gradedScore: 11, eventList: [{ eventType: 30, title: 'Call for help 2', actualTime: 5 }] } },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('a tolerated field', () => {
  it('is ignored, and its name is logged once however often it is sent; any other unknown field is still refused', async () => {
    const lines: { msg?: string; field?: string; route?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    app.setValidatorCompiler(() => () => true);
    await app.register(errors);
    const ep = endpoint({ method: 'POST', path: '/x', body: v.object({ a: v.string() }), response: v.object({ a: v.string() }) });
    route(app, ep, { auth: 'public', tags: [], summary: 'x', tolerate: ['legacy'] }, async ({ body }) => ({ a: body.a }));
    await app.ready();
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/x', payload: { a: 'ok', legacy: i } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ a: 'ok' });
    }
    expect(lines.filter((l) => l.field === 'legacy')).toEqual([expect.objectContaining({ route: 'POST /x', field: 'legacy', msg: 'A request sent a field this route does not know; it was ignored' })]);
    const other = await app.inject({ method: 'POST', url: '/x', payload: { a: 'ok', legacy: 1, other: 2 } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'Unknown field: other' });
    await app.close();
  });
});
