// The built client: precompressed copies (.br, .gz) are sent with Content-Encoding to clients that
// accept them, with the same Cache-Control as the plain files; the shell fallback of client routes
// too. A built client is faked in a temp folder laid out like dist/.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress.js';
import { as, buildTestApp, createUser, type TestApp } from './helpers.js';

const shell = `<!doctype html><html><head><title>Community</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const loginShell = shell.replace('<div id="root"></div>', '<div id="root" data-prerendered="login"><h1>Sign in</h1></div>');
const germanLoginShell = shell.replace('<html>', '<html lang="de">').replace('<div id="root"></div>', '<div id="root" data-prerendered="login"><h1>Anmelden</h1></div>');
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

describe('built client', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), shell);
    fs.writeFileSync(path.join(clientDir, 'login.html'), loginShell);
    fs.writeFileSync(path.join(clientDir, 'login.de.html'), germanLoginShell);
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    // The German catalogues, a chunk of their own in the build manifest.
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      'src/client/i18n/resources-de.ts': { file: 'assets/resources-de-abc123.js', isDynamicEntry: true },
      // The feed's code and the English texts its route brings.
      'src/client/features/feed/routes/feed.tsx': { file: 'assets/feed-abc123.js', isDynamicEntry: true, imports: ['index.html', '_post-card-abc123.js'] },
      '_post-card-abc123.js': { file: 'assets/post-card-abc123.js' },
      'src/client/i18n/locales/en/feed.json': { file: 'assets/feed-json-abc123.js', isDynamicEntry: true },
      'src/client/i18n/locales/en/conversation.json': { file: 'assets/conversation-abc123.js', isDynamicEntry: true },
      'src/client/i18n/locales/en/exchange.json': { file: 'assets/exchange-abc123.js', isDynamicEntry: true },
    }));
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
      // A main screen's shell differs by who is signed in (see below): no shared cache keeps it.
      expect(res.headers['cache-control'], url).toBe(url === '/index.html' ? 'no-cache' : 'private, no-cache');
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

  it('sends the prerendered login in the visitor’s language: the app’s language cookie, else Accept-Language, else English', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }, germanLoginShell],
      [{ 'accept-language': 'en-GB,en;q=0.9' }, loginShell],
      [{ 'accept-language': 'fr-FR' }, loginShell],
      [{}, loginShell],
      // The language chosen in the app (its cookie) wins over the browser's.
      [{ 'accept-language': 'en', cookie: 'other=1; lang=de' }, germanLoginShell],
      [{ 'accept-language': 'de', cookie: 'lang=en' }, loginShell],
      // A cookie naming no language of the app is not a choice.
      [{ 'accept-language': 'de', cookie: 'lang=xx' }, germanLoginShell],
    ];
    for (const [headers, expected] of cases) {
      const res = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'identity', ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toBe(expected);
      expect(String(res.headers.vary), JSON.stringify(headers)).toMatch(/Accept-Language/);
      expect(String(res.headers.vary), JSON.stringify(headers)).toMatch(/Cookie/);
    }
    // Compressed like the English one.
    const br = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br', 'accept-language': 'de' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(germanLoginShell);
  });

  describe('the feed for a signed-in visitor', () => {
    const firstPage = '/api/forumpost/GetPosts/0/5/-1';
    const answersIn = (html: string) => {
      const found = html.match(/<script type="application\/json" id="first-answers">(.*?)<\/script>/s);
      return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
    };

    it('carries the answers to its first requests and preloads its first picture', async () => {
      const emma = await createUser(t.app, { firstName: 'Emma' });
      const media = await t.app.db
        .insertInto('media')
        .values({
          uuid_id: crypto.randomUUID(), name: 'Rhythm strip', description: null, is_video: 0, file_key: 'media/strip.png', file_name: 'strip.png', file_size: 10,
          mime_type: 'image/png', thumb_key: 'thumbs/strip.webp', is_processed: 1, processing_error: null, approval_status: 2, rejection_reason: null,
          privacy_level: 2, contributed_by: emma.id, contributed_at: new Date().toISOString(), num_downloads: 0, duration_in_seconds: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A title that tries to end the script element the answers are written into, with the
      // patterns a string replacement would expand.
      const title = 'Shock </script><script>alert(1)</script> & "quotes" $\' $& $`';
      const post = await as(t.app, emma, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title, media: String(media.id) } });
      expect(post.statusCode).toBe(201);

      const res = await as(t.app, emma, { url: '/feed', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers.vary)).toMatch(/Cookie/);
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(html).not.toContain('<script>alert(1)');
      const answers = answersIn(html);
      // The same answers the API gives the app: who is signed in, the first posts, the side
      // column's notifications, groups and favourite scenarios, and the tags.
      const urls = ['/api/users/me', firstPage, '/api/Notification', '/api/forumgroup/mygroups', '/api/scenarios/myfavourites', '/api/alltags'];
      const expected: Record<string, unknown> = {};
      for (const url of urls) expected[url] = (await as(t.app, emma, { url })).json();
      expect(answers).toEqual(expected);
      const feed = await as(t.app, emma, { url: firstPage });
      expect((answers![firstPage] as { posts: { title: string }[] }).posts[0]!.title).toBe(title);
      const thumb = (feed.json() as { posts: { media: { signed_thumb_url: string }[] }[] }).posts[0]!.media[0]!.signed_thumb_url;
      expect(thumb).toMatch(/^\/api\/files\/thumbs\/strip\.webp\?/);
      expect(html).toContain(`<link rel="preload" as="image" href="${thumb.replace(/&/g, '&amp;')}" fetchpriority="high">`);
    });

    it('preloads the German catalogues for a visitor reading German, beside the app script; not for one reading English', async () => {
      const emma = await createUser(t.app);
      const preload = '<link rel="modulepreload" crossorigin href="/assets/resources-de-abc123.js">';
      const german = await as(t.app, emma, { url: '/feed', headers: { 'accept-encoding': 'identity', 'accept-language': 'de-DE,de;q=0.9' } });
      expect(german.statusCode).toBe(200);
      expect(german.body).toContain(preload);
      expect(answersIn(german.body)).not.toBeNull();
      const english = await as(t.app, emma, { url: '/feed', headers: { 'accept-encoding': 'identity', 'accept-language': 'en-GB,en;q=0.9' } });
      expect(english.body).not.toContain('resources-de');
    });

    it("preloads the screen's code and the English texts its route brings, in every language (English is the fallback), not the app script twice", async () => {
      const emma = await createUser(t.app);
      for (const language of ['en-GB', 'de-DE']) {
        const res = await as(t.app, emma, { url: '/feed', headers: { 'accept-encoding': 'identity', 'accept-language': language } });
        for (const file of ['feed', 'post-card', 'feed-json', 'conversation', 'exchange']) {
          expect(res.body, language).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}-abc123.js">`);
        }
        expect(res.body).not.toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">');
      }
    });

    it('is the plain shell for a visitor not signed in, or whose session has ended', async () => {
      const paul = await createUser(t.app);
      expect((await as(t.app, paul, { url: '/api/me/logout' })).statusCode).toBe(200);
      for (const headers of [{}, { cookie: paul.cookie }, { cookie: 'sid=not-a-session' }]) {
        const res = await t.app.inject({ url: '/feed', headers: { ...headers, 'accept-encoding': 'identity' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.body).toBe(shell);
      }
    });

    it('is only for the main screens: other routes get the plain shell', async () => {
      const emma = await createUser(t.app);
      for (const url of ['/feed/extra', '/scenario/', '/scenarios/upload', '/me/profile', '/tms/students']) {
        const res = await as(t.app, emma, { url, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(shell);
      }
    });
  });

  describe("every other main screen, for a signed-in visitor", () => {
    const answersIn = (html: string) => {
      const found = html.match(/<script type="application\/json" id="first-answers">(.*?)<\/script>/s);
      return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
    };
    /** What the API answers this user for these URLs, by URL. */
    const apiAnswers = async (user: { cookie: string }, urls: string[]) => {
      const expected: Record<string, unknown> = {};
      for (const url of urls) expected[url] = (await as(t.app, user, { url })).json();
      return expected;
    };

    it('carries the answers to its first requests (who is signed in, the top bar\'s notifications, its own), as its address asks', async () => {
      const emma = await createUser(t.app, { firstName: 'Emma' });
      const screens: [string, string[]][] = [
        ['/scenarios', ['/api/scenarios/0/10/-1/-1/-1/-1', '/api/alltags']],
        ['/scenarios?q=Chest%20pain&size=5&page=2', ['/api/scenarios/5/5/-1/-1/chest,pain/-1', '/api/alltags']],
        ['/media', ['/api/media/0/9/-1/-1', '/api/alltags']],
        ['/media?type=0&page=1', ['/api/media/9/9/0/-1', '/api/alltags']],
        ['/me/forum/groups', ['/api/forumgroup/mygroupswithstatus']],
        ['/tms', ['/api/editor/DebriefsForCurrentUser']],
      ];
      for (const [url, requests] of screens) {
        const res = await as(t.app, emma, { url, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('private, no-cache');
        expect(answersIn(res.body), url).toEqual(await apiAnswers(emma, ['/api/users/me', ...requests, '/api/Notification']));
      }
    });

    it("a scenario's page carries the scenario and preloads its device's and patient's pictures at high priority, ahead of the app's script", async () => {
      const emma = await createUser(t.app);
      const created = await t.app.db
        .insertInto('scenarios')
        .values({
          uuid_id: crypto.randomUUID(), name: 'Septic shock', description: 'Adult sepsis', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: 'female',
          patient_photo_code: null, file_key: 'scenarios/x/septic.json', file_name: 'septic.json', file_size: 10, privacy_level: 2, is_processed: 1,
          processing_error: null, contributed_by: emma.id, contributed_at: new Date().toISOString(), num_downloads: 0, duration_in_seconds: 0,
          num_checklist_items: 0, num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: null,
          directory_id: null, search_text: 'septic shock',
        })
        .returning('uuid_id')
        .executeTakeFirstOrThrow();
      const url = `/scenario/${created.uuid_id}`;
      const res = await as(t.app, emma, { url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      const scenario = (await as(t.app, emma, { url: `/api/scenarios/${created.uuid_id}` })).json() as { name: string; thumbnail_url: string; patient_photo_url: string };
      expect(answersIn(res.body)).toEqual(await apiAnswers(emma, ['/api/users/me', `/api/scenarios/${created.uuid_id}`, '/api/Notification']));
      expect(scenario.name).toBe('Septic shock');
      const preloads = [scenario.thumbnail_url, scenario.patient_photo_url].map((src) => `<link rel="preload" as="image" href="${src}" fetchpriority="high">`);
      for (const preload of preloads) expect(res.body.indexOf(preload)).toBeGreaterThan(-1);
      expect(res.body.indexOf(preloads[1]!)).toBeLessThan(res.body.indexOf('<script type="module"'));

      // A scenario that is not there (or not the visitor's to see): the page carries no answer for it.
      const missing = await as(t.app, emma, { url: `/scenario/${crypto.randomUUID()}`, headers: { 'accept-encoding': 'identity' } });
      expect(Object.keys(answersIn(missing.body)!)).toEqual(['/api/users/me', '/api/Notification']);
      expect(missing.body).not.toContain('rel="preload" as="image"');
    });
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
