// Bad input over every route of the OpenAPI document (issue: server trust). Generated requests with
// broken path parameters, query strings, bodies and headers must never get a 5xx, and every 4xx
// carries a JSON { message }. Deterministic: a seeded generator, so a failure can be replayed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { Role } from '../../src/shared/enums.js';
import { buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

const REQUESTS_PER_DB = 2200;

/** mulberry32: a small seeded PRNG. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BAD_SEGMENTS = [
  'abc', '-1', '0', '1', '2147483648', '99999999999999999999', '9007199254740993', '1e309', 'NaN', '-0', '1.5',
  '%00', 'a%00b', '%ZZ', '%E0%A4%A', '%F0%9F%98%80', '..%2F..', 'x'.repeat(3000), '1,2,x', '-1', ',', '00000000-0000-0000-0000-000000000000',
  'UserMedia', 'UserMedia%00', 'true', 'null', '%20',
];

const BAD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 2 ** 53 + 2, -(2 ** 31), 1e308, '', ' ', 'a\u0000b', '\u0000', 'x'.repeat(100_000), '1e309', '-1',
  '😀'.repeat(300), [], [1, 'a', null], {}, { id: 'x' }, { $gt: '' }, ['\u0000'], 'SELECT 1; --', '<script>', '2147483648',
];

function deep(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe.each(dbKinds)('fuzz: bad input over every route (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let ops: { method: string; path: string; op: Operation }[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { role: Role.User | Role.Admin, canProvision: true, isPreRelease: true });
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    ops = Object.entries(doc.paths)
      .filter(([p]) => !p.startsWith('/api/docs') && !p.includes('logout'))
      .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
  });
  afterAll(() => t.close());

  it(`answers ${REQUESTS_PER_DB} generated bad requests with no 5xx and a JSON message on every 4xx`, async () => {
    const random = rng(kind === 'sqlite' ? 1 : 2);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const byClass: Record<string, number> = {};
    const failures: string[] = [];

    for (let i = 0; i < REQUESTS_PER_DB; i++) {
      const { method, path, op } = ops[i % ops.length];
      const url = path.replace(/\{[^}]+\}/g, () => (random() < 0.3 ? '1' : pick(BAD_SEGMENTS)));
      const query = random() < 0.4 ? `?${pick(['search', 'token', 'offset', 'x', 'sig', 'exp'])}=${encodeURIComponent(String(pick(BAD_VALUES)))}` : '';
      const headers: Record<string, string> = {};
      if (random() < 0.85) headers.cookie = admin.cookie;
      if (random() < 0.3) headers['idempotency-key'] = random() < 0.8 ? crypto.randomUUID() : 'not-a-uuid';
      if (random() < 0.1) headers.range = pick(['bytes=999999-', 'bytes=-0', 'bytes=5-1', 'bytes=x']);
      const req: InjectOptions = { method: method as InjectOptions['method'], url: url + query, headers };

      if (method !== 'GET' && method !== 'HEAD') {
        const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
        const roll = random();
        if (roll < 0.15) {
          headers['content-type'] = 'application/json';
          req.payload = pick(['{', '{"a":', 'null', '[]', '"x"', deep(10_000), `{"a":${deep(3000)}}`, '\u0000', '{"title":"\u0000"}']);
        } else if (roll < 0.3) {
          const boundary = pick(['', 'x', 'b'.repeat(200), '----abc']);
          headers['content-type'] = boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
          req.payload = pick([
            '',
            '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi',
            '--wrong\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\n\r\n\x89PNG',
            `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
          ]);
        } else if (roll < 0.4) {
          headers['content-type'] = pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded']);
          req.payload = 'a=1&b=\u0000';
        } else {
          const body: Record<string, unknown> = {};
          for (const p of props) if (random() < 0.8) body[p] = pick(BAD_VALUES);
          if (random() < 0.3) body[pick(['extra', '__proto__', 'constructor'])] = pick(BAD_VALUES);
          req.payload = random() < 0.1 ? (pick(BAD_VALUES) as InjectOptions['payload']) : body;
        }
      }

      let res;
      try {
        res = await t.app.inject(req);
      } catch (err) {
        failures.push(`${method} ${url}: inject threw ${(err as Error).message}`);
        continue;
      }
      const cls = `${Math.floor(res.statusCode / 100)}xx`;
      byClass[cls] = (byClass[cls] ?? 0) + 1;
      if (res.statusCode >= 500) failures.push(`${method} ${url}${query} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && res.statusCode !== 416) {
        let message: unknown;
        try {
          message = res.json().message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || !message) failures.push(`${method} ${url}${query} -> ${res.statusCode} without a JSON message: ${res.body.slice(0, 120)}`);
      }
    }
    console.log(`fuzz (${kind}): ${REQUESTS_PER_DB} requests over ${ops.length} operations`, byClass);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});
