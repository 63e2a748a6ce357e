// The API contract (DESIGN section 5): every route declares its request and every response in the
// OpenAPI document, no handler returns a field its response schema would drop, and the server
// serves exactly the endpoints of the shared contract (shared/endpoints), each from its definition.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredEndpoints, route, servedRoutes } from '../../src/server/lib/route.js';
import { droppedField, responseSerializer } from '../../src/server/lib/serializer.js';
import errors from '../../src/server/plugins/errors.js';
import { endpoint, isEndpoint, type Endpoint } from '../../src/shared/endpoint.js';
import * as endpoints from '../../src/shared/endpoints/index.js';
import { idParams } from '../../src/shared/schemas/common.js';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers.js';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let user: TestUser;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await createUser(t.app);
    doc = t.app.swagger() as unknown as typeof doc;
  });
  afterAll(() => t.close());

  it('is served at /api/docs/json', async () => {
    const res = await as(t.app, user, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/Notification');
  });

  it('declares a success response with a body schema and the error body on every route', () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const responses = op.responses ?? {};
        const success = Object.entries(responses).find(([code]) => code.startsWith('2'));
        if (!success || !success[1].content) missing.push(`${method.toUpperCase()} ${path}: no success body`);
        const errs = Object.entries(responses).filter(([code]) => code.startsWith('4'));
        if (!errs.length) missing.push(`${method.toUpperCase()} ${path}: no error responses`);
        const params = (path.match(/\{[^}]+\}/g) ?? []).length;
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').length;
        if (declared < params) missing.push(`${method.toUpperCase()} ${path}: path parameters not declared`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/**
 * Routes the app registers that are not API endpoints, each with its reason. Any other route
 * without a shared definition fails the test below.
 */
const NOT_ENDPOINTS: Record<string, string> = {
  // The OpenAPI document and its viewer (@fastify/swagger-ui): generated from the endpoints themselves.
  '/api/docs': 'OpenAPI viewer',
  // The resumable upload protocol (tus): its methods and headers are the protocol's, not JSON calls.
  '/uploads/tus': 'tus protocol',
};
const isExempt = (url: string) => Object.keys(NOT_ENDPOINTS).some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

describe('one definition per endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  const shared = (): Endpoint[] => Object.values(endpoints).flatMap((mod) => Object.values(mod).filter(isEndpoint));

  it('declares each method and path once', () => {
    const keys = shared().map((ep) => `${ep.method} ${ep.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('serves every shared endpoint, and no API route without one', () => {
    const registered = registeredEndpoints(t.app);
    const unserved = shared().filter((ep) => !registered.has(ep)).map((ep) => `${ep.method} ${ep.path}`);
    expect(unserved).toEqual([]);
    const known = new Set(shared().map((ep) => `${ep.method} ${ep.path}`));
    const seen = servedRoutes(t.app);
    const undeclared = seen.filter((r) => !isExempt(r.url) && !known.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // The check sees the routes at all.
    expect(seen.length).toBeGreaterThan(known.size);
  });
});

describe('the client', () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

  it('calls the API only through call(endpoint, input): no URL strings, no typed api<T> casts', () => {
    const found: string[] = [];
    for (const file of files(path.join(import.meta.dirname, '../../src/client'))) {
      if (file.endsWith(path.join('lib', 'api.ts'))) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bapi(<|\(\s*['`"]\/api\/)/g)) found.push(`${path.relative(process.cwd(), file)}: ${m[0]}`);
      for (const m of text.matchAll(/['`"]\/api\/[A-Za-z]/g)) found.push(`${path.relative(process.cwd(), file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});

describe('responses are serialised from their schemas', () => {
  it('finds a field the schema would drop', () => {
    expect(droppedField({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 2 } })).toBe('.b.d');
    expect(droppedField([{ a: 1 }], [{ a: 1 }])).toBeNull();
  });

  it('fails a handler that returns a field its schema lacks (strict mode), and answers with the declared shape otherwise', async () => {
    const build = async (strict: boolean) => {
      const app = Fastify({ logger: false });
      app.setValidatorCompiler(() => () => true);
      app.setSerializerCompiler(responseSerializer(strict));
      await app.register(errors);
      const ep = endpoint({ method: 'GET', path: '/x/:id', params: idParams, response: v.object({ id: v.number() }) });
      route(app, ep, { auth: 'public', tags: [], summary: 'x' }, async ({ params }) => ({ id: params.id, notified: 3 }) as { id: number });
      await app.ready();
      return app;
    };
    const strict = await build(true);
    expect((await strict.inject('/x/5')).statusCode).toBe(500);
    const lenient = await build(false);
    const res = await lenient.inject('/x/5');
    expect(res.json()).toEqual({ id: 5 });
    expect((await lenient.inject('/x/abc')).statusCode).toBe(404);
    expect((await lenient.inject('/x/2147483648')).statusCode).toBe(404);
    await strict.close();
    await lenient.close();
  });
});
