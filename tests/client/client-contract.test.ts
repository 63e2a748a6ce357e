// The browser's copy of the shared contract (scripts/vite-client-contract.ts): endpoints keep what a
// call is built from and lose their schemas, so no endpoint module brings valibot or a schema module
// into a chunk; constants built at the top of a shared module may be left out when unused.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transformWithOxc } from 'vite';
import { forTheBrowser } from '../../scripts/vite-client-contract';

const ENDPOINTS = path.resolve(__dirname, '../../src/shared/endpoints');

const sample = `import * as v from 'valibot';
import { idParams, itemSchema } from '../schemas/items.js';
import { endpoint } from '../endpoint.js';
export const NOTE_MAX = 500;
export const noteSchema = v.object({ note: v.pipe(v.string(), v.maxLength(NOTE_MAX)) });
const listQuery = v.object({ offset: v.optional(v.number()) });
export const getItem = endpoint({ method: 'GET', path: '/api/item/:id', params: idParams, query: listQuery, response: itemSchema, errors: [404] });
export const saveNote = endpoint({ method: 'POST', path: '/api/item/:id/note', status: 201, params: idParams, body: noteSchema, response: itemSchema, idempotent: true });
export const itemNameSchema = v.string();
export function check(x) { v.parse(itemNameSchema, x); return describe(x); }
`;

describe('endpoint definitions for the browser', () => {
  const out = forTheBrowser(sample, { endpoints: true })!;

  it('keep what a call is built from', () => {
    expect(out).toContain(`endpoint({ method: 'GET', path: '/api/item/:id', params: void 0, query: void 0, response: void 0, errors: [404] })`);
    expect(out).toContain(`endpoint({ method: 'POST', path: '/api/item/:id/note', status: 201, params: void 0, body: void 0, response: void 0, idempotent: true })`);
    expect(out).toContain('export const NOTE_MAX = 500;');
  });

  it('lose their schemas and the imports only those read', () => {
    expect(out).not.toContain('listQuery');
    expect(out).not.toContain('export const noteSchema');
    expect(out).not.toContain('../schemas/items.js');
    // A function that uses valibot keeps it, and its calls are not marked.
    expect(out).toContain(`import * as v from 'valibot';`);
    expect(out).toContain('{ v.parse(itemNameSchema, x); return describe(x); }');
    expect(out).toContain('export const itemNameSchema = /* @__PURE__ */ v.string();');
  });

  it('leave no endpoint module of the app importing valibot or a schema module', async () => {
    const files = fs.readdirSync(ENDPOINTS).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const { code } = await transformWithOxc(fs.readFileSync(path.join(ENDPOINTS, file), 'utf8'), file);
      const browser = forTheBrowser(code, { endpoints: true }) ?? code;
      expect(browser, file).not.toMatch(/from ["'](valibot|\.\.\/schemas\/[^"']+)["']/);
      expect((browser.match(/\bendpoint\(\{/g) ?? []).length, file).toBe((code.match(/\bendpoint\(\{/g) ?? []).length);
    }
  });
});

describe('constants of a shared module', () => {
  it('stay while read, by name or spread; a property of the same name is not a read', () => {
    const out = forTheBrowser(`import * as v from 'valibot';\nconst page = { offset: v.number() };\nconst size = v.number();\nexport const list = v.object({ ...page, total: v.number() });\nexport const other = { a: list.size };\n`, { endpoints: false })!;
    expect(out).toContain('const page = ');
    expect(out).not.toContain('const size');
  });

  it('are marked pure where they are built, not inside functions', () => {
    const out = forTheBrowser(`import * as v from 'valibot';\nexport const a = v.object({ b: v.string() });\nexport const c = () => run(v.string());\n`, { endpoints: false })!;
    expect(out).toContain('export const a = /* @__PURE__ */ v.object({ b: /* @__PURE__ */ v.string() });');
    expect(out).toContain('export const c = () => run(v.string());');
  });
});
