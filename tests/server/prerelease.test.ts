// Pre-release builds and downloads: admin upload streamed to storage, the per-app list
// for isPreRelease users, the download that installs through an itms-services link to a manifest
// served as XML, the .ipa behind it, and the release builds of the Downloads page.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/shared/enums.js';
import { placeholderIpa } from '../../src/server/features/prerelease/placeholder-ipa.js';
import { as, buildTestApp, createUser, dbKinds, testStorage, type TestApp, type TestUser } from './helpers.js';

type Part = { name: string; value?: string; filename?: string; data?: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----build${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.filename !== undefined) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      chunks.push(p.data ?? Buffer.alloc(0), Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The path and query of an absolute URL on the test server. */
const local = (url: string) => url.replace('http://localhost:3000', '');

describe.each(dbKinds)('pre-release builds and downloads (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let tester: TestUser;
  let plain: TestUser;
  const ipa = placeholderIpa('CTGi', 'com.isimulate.ctgi', '3.11.0');

  const upload = (user: TestUser, fields: Record<string, string>, file: { filename: string; data: Buffer } | null = { filename: 'CTGi.ipa', data: ipa }, fileFirst = false) => {
    const fieldParts = Object.entries(fields).map(([name, value]) => ({ name, value }));
    const fileParts = file ? [{ name: 'file', ...file }] : [];
    const form = multipart(fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts]);
    return as(t.app, user, { method: 'POST', url: '/api/admin/builds', ...form });
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { role: Role.User | Role.Admin });
    tester = await createUser(t.app, { isPreRelease: true });
    plain = await createUser(t.app);
  });
  afterAll(() => t.close());

  it('lets an admin upload a build; it is stored whole and audited', async () => {
    const res = await upload(admin, { app: 'ctgi', version: '3.11.0', channel: 'prerelease' });
    expect(res.statusCode, res.body).toBe(201);
    const build = res.json().build;
    expect(build).toMatchObject({ app: 'ctgi', app_name: 'CTGi', version: '3.11.0', channel: 'prerelease', bundle_id: 'com.isimulate.ctgi', file_name: 'ctgi-3.11.0.ipa', file_size: ipa.length, manifest_file_name: 'ctgi.plist' });
    const list = await as(t.app, admin, { method: 'GET', url: '/api/admin/builds' });
    expect(list.json().builds[0]).toEqual(build);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_type', '=', 'app_build').execute();
    expect(audit).toEqual([{ action: 'build.upload', actor_id: admin.id }]);
  });

  it('takes the fields after the file too, and a large build streams through', async () => {
    const big = Buffer.concat([ipa, crypto.randomBytes(6 * 1024 * 1024)]);
    const res = await upload(admin, { app: 'demo', version: '1.0.0' }, { filename: 'Demo.ipa', data: big }, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().build).toMatchObject({ app: 'demo', channel: 'prerelease', file_size: big.length });
  });

  it('refuses uploads from non-admins, of other files, and with bad fields, keeping nothing', async () => {
    const before = (await as(t.app, admin, { method: 'GET', url: '/api/admin/builds' })).json().builds.length;
    // Nor a folder on local disk (a file stored, then refused, leaves none behind).
    const buildsDir = path.join(t.dataDir, 'files', 'builds');
    const folders = () => (fs.existsSync(buildsDir) ? fs.readdirSync(buildsDir).length : 0);
    const foldersBefore = folders();
    expect((await upload(tester, { app: 'ctgi', version: '1.0' })).statusCode).toBe(403);
    const cases: [Record<string, string>, { filename: string; data: Buffer } | null, number, string][] = [
      [{ app: 'ctgi', version: '1.0' }, { filename: 'notes.txt', data: Buffer.from('hello') }, 415, 'The build must be an .ipa file'],
      [{ app: 'ctgi', version: '1.0' }, { filename: 'fake.ipa', data: Buffer.from('not a zip at all') }, 415, 'The build must be an .ipa file'],
      [{ app: 'ctgi', version: '1.0' }, null, 422, 'Please choose the .ipa file of the build'],
      [{ app: 'photoshop', version: '1.0' }, { filename: 'a.ipa', data: ipa }, 422, 'Please choose one of the pre-release apps'],
      [{ app: 'ctgi', version: 'latest' }, { filename: 'a.ipa', data: ipa }, 422, 'The version must look like 3.10.1'],
      [{ app: 'ctgi' }, { filename: 'a.ipa', data: ipa }, 422, 'Please enter the version'],
      [{ app: 'ctgi', version: '1.0', channel: 'nightly' }, { filename: 'a.ipa', data: ipa }, 422, 'The channel must be prerelease or release'],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(admin, fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect((await as(t.app, admin, { method: 'GET', url: '/api/admin/builds' })).json().builds).toHaveLength(before);
    if (testStorage === 'local') expect(folders()).toBe(foldersBefore);
  });

  it('lists each pre-release app with its latest build, for isPreRelease users only', async () => {
    await new Promise((r) => setTimeout(r, 5));
    await upload(admin, { app: 'ctgi', version: '3.11.1', channel: 'prerelease' });
    const res = await as(t.app, tester, { method: 'GET', url: '/api/prerelease' });
    expect(res.statusCode).toBe(200);
    const apps = res.json().apps;
    expect(apps.map((a: { name: string }) => a.name)).toEqual(['REALITI Check', 'ALSi', 'CTGi', 'REALITi Nano', 'Demo', 'Simscope Check']);
    expect(apps.find((a: { key: string }) => a.key === 'ctgi')).toMatchObject({ download_url: '/api/prerelease/download/ctgi', build: { version: '3.11.1', manifest_file_name: 'ctgi.plist' } });
    expect(apps.find((a: { key: string }) => a.key === 'alsi').build).toBeNull();
    const refused = await as(t.app, plain, { method: 'GET', url: '/api/prerelease' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Pre-release builds are only available to testers.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/prerelease' })).statusCode).toBe(401);
  });

  it('installs through an itms-services link to a manifest served as XML, which names the .ipa', async () => {
    const res = await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/ctgi' });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^itms-services:\/\/\?action=download-manifest&url=/);
    const manifestUrl = decodeURIComponent(location.split('url=')[1]);
    expect(manifestUrl).toMatch(/^http:\/\/localhost:3000\/api\/builds\/\d+\/manifest\.plist\?exp=\d+&sig=/);
    // iOS fetches the manifest without the session cookie.
    const manifest = await t.app.inject({ method: 'GET', url: local(manifestUrl) });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(manifest.body).toContain('<key>bundle-identifier</key>\n        <string>com.isimulate.ctgi</string>');
    expect(manifest.body).toContain('<key>bundle-version</key>\n        <string>3.11.1</string>');
    expect(manifest.body).toContain('<string>software-package</string>');
    const ipaUrl = /<key>url<\/key>\s*<string>([^<]+)<\/string>/.exec(manifest.body)![1].replace(/&amp;/g, '&');
    const file = await t.app.inject({ method: 'GET', url: local(ipaUrl) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(ipa)).toBe(true);

    const tampered = manifestUrl.replace(/sig=[^&]+/, 'sig=forged');
    const bad = await t.app.inject({ method: 'GET', url: local(tampered) });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ message: 'This link is invalid or has expired.' });
    const expired = await t.app.inject({ method: 'GET', url: local(manifestUrl).replace(/exp=\d+/, 'exp=1000') });
    expect(expired.statusCode).toBe(404);
  });

  it('sends the .ipa itself with ?file=ipa', async () => {
    const res = await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/ctgi?file=ipa' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ctgi-3.11.1.ipa"');
    expect(res.rawPayload.equals(ipa)).toBe(true);
  });

  it('refuses the download to other users (403), and says when an app has no build (404)', async () => {
    const refused = await as(t.app, plain, { method: 'GET', url: '/api/prerelease/download/ctgi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Pre-release builds are only available to testers.' });
    const none = await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/alsi' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'There is no pre-release build of ALSi yet.' });
    expect((await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/photoshop' })).statusCode).toBe(404);
  });

  it('sends a browser that followed a Download it cannot have back to the Pre-Release page with the reason', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const none = await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/alsi', headers: { accept } });
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toBe('/me/pre-release?error=There+is+no+pre-release+build+of+ALSi+yet.');
    const refused = await as(t.app, plain, { method: 'GET', url: '/api/prerelease/download/ctgi', headers: { accept } });
    expect(refused.headers.location).toBe('/me/pre-release?error=Pre-release+builds+are+only+available+to+testers.');
    const ok = await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/ctgi', headers: { accept } });
    expect(ok.statusCode).toBe(302);
  });

  it('offers release builds on the Downloads list to every signed-in user', async () => {
    expect((await as(t.app, plain, { method: 'GET', url: '/api/downloads' })).json()).toEqual({ downloads: [] });
    await upload(admin, { app: 'ctgi', version: '3.10.1', channel: 'release' });
    const res = await as(t.app, plain, { method: 'GET', url: '/api/downloads' });
    expect(res.statusCode).toBe(200);
    const [d] = res.json().downloads;
    expect(d.build).toMatchObject({ app: 'ctgi', version: '3.10.1', channel: 'release' });
    expect(d.install_url).toMatch(/^itms-services:\/\/\?action=download-manifest&url=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fbuilds%2F/);
    const manifest = await t.app.inject({ method: 'GET', url: local(decodeURIComponent(d.install_url.split('url=')[1])) });
    expect(manifest.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(manifest.body).toContain('<string>3.10.1</string>');
    expect((await t.app.inject({ method: 'GET', url: '/api/downloads' })).statusCode).toBe(401);
  });

  it('lets an admin delete a build', async () => {
    const builds = (await as(t.app, admin, { method: 'GET', url: '/api/admin/builds' })).json().builds;
    const demo = builds.find((b: { app: string }) => b.app === 'demo');
    expect((await as(t.app, tester, { method: 'DELETE', url: `/api/admin/builds/${demo.id}` })).statusCode).toBe(403);
    const res = await as(t.app, admin, { method: 'DELETE', url: `/api/admin/builds/${demo.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The build was deleted.' });
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/admin/builds/${demo.id}` })).statusCode).toBe(404);
    expect((await as(t.app, tester, { method: 'GET', url: '/api/prerelease/download/demo' })).statusCode).toBe(404);
  });
});
