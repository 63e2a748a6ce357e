// uploads/tus.ts reaches into library internals: FileStore's write (overridden) and its resolve
// and checkOrCreateDirectory, srvx NodeRequest's body getter (replaced per request) and its
// runtime.node.req (the raw request, to find the signed-in user). @tus/server, @tus/file-store and
// srvx are pinned exactly in package.json; this fails when a new version changes those shapes.
import { describe, expect, it } from 'vitest';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { FileStore } from '@tus/file-store';
import { NodeRequest } from 'srvx/node';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);
const versionOf = (name: string) => (JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')) as { version: string }).version;
const pkg = require('../../package.json') as { dependencies: Record<string, string> };

describe('library internals the tus upload server relies on', () => {
  it('the versions are pinned exactly and installed as pinned', () => {
    for (const name of ['@tus/server', '@tus/file-store', 'srvx']) {
      expect(pkg.dependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
      expect(versionOf(name)).toBe(pkg.dependencies[name]);
    }
  });

  it("FileStore: write(readable, id, offset), resolve(id) and checkOrCreateDirectory() are methods the store calls on itself", () => {
    const proto = FileStore.prototype as unknown as Record<string, unknown>;
    expect(typeof proto.write).toBe('function');
    expect((proto.write as () => void).length).toBe(3);
    expect(typeof proto.resolve).toBe('function');
    expect(typeof proto.checkOrCreateDirectory).toBe('function');
    const source = String(FileStore);
    expect(source).toContain('this.checkOrCreateDirectory()');
    expect(source).toContain('this.resolve(');
  });

  it('srvx NodeRequest: body is a configurable getter and runtime.node.req is the raw request', () => {
    const body = Object.getOwnPropertyDescriptor(NodeRequest.prototype, 'body');
    expect(typeof body?.get).toBe('function');
    const req = new IncomingMessage(new Socket());
    req.method = 'PATCH';
    req.url = '/files/x';
    req.headers = { host: 'localhost' };
    const res = new ServerResponse(req);
    const request = new NodeRequest({ req, res }) as unknown as { runtime?: { node?: { req?: unknown } } };
    expect(request.runtime?.node?.req).toBe(req);
    Object.defineProperty(request, 'body', { get: () => 'replaced' });
    expect((request as unknown as { body: unknown }).body).toBe('replaced');
  });

  it('@tus/server makes its requests with the same srvx NodeRequest', () => {
    const serverSource = readFileSync(require.resolve('@tus/server').replace(/index\.js$/, 'server.js'), 'utf8') as string;
    expect(serverSource).toMatch(/import \{[^}]*NodeRequest[^}]*\} from 'srvx\/node'/);
  });
});
