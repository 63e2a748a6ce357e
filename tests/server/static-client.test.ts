// The built client: precompressed copies (.br, .gz) are sent with Content-Encoding to clients that
// accept them, with the same Cache-Control as the plain files; the shell fallback of client routes
// too. A built client is faked in a temp folder laid out like dist/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress.js';
import { buildTestApp, type TestApp } from './helpers.js';

const shell = `<!doctype html><html><head><title>Community</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const loginShell = shell.replace('<div id="root"></div>', '<div id="root" data-prerendered="login"><h1>Sign in</h1></div>');
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

describe('built client', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), shell);
    fs.writeFileSync(path.join(clientDir, 'login.html'), loginShell);
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    await precompressDir(clientDir);
    t = await buildTestApp('sqlite', { serveClient: true, clientDir });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside files of 1 KB and more', () => {
    expect(fs.existsSync(path.join(clientDir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });

  it('sends a hashed script brotli-compressed to a client that accepts brotli, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts none', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a small file as it is', async () => {
    const res = await t.app.inject({ url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('sends the app shell compressed and revalidated, for the root file and for client routes', async () => {
    for (const url of ['/index.html', '/feed', '/scenario/abc']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('sends /login the shell with the login form written in at build time; with a query, or for other routes, the plain shell', async () => {
    const login = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br, gzip' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(login.rawPayload).toString()).toBe(loginShell);
    for (const url of ['/login?verified=true', '/login/extra', '/register']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shell);
    }
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
