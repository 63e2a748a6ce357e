// A server killed (kill -9) in the middle of a CreatePost, started again at once: the retry with
// the same Idempotency-Key succeeds, and the post exists exactly once. SQLite serves one process,
// so the key the dead process held is released at start (no 409 'still in progress').
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { addAccountAndSignIn, AppProcess } from '../app-process.js';
import { freePort } from '../private-pg.js';
import { releaseAfterCrash } from '../../src/server/lib/crash-recovery.js';
import { buildTestApp, createUser, dbKinds } from './helpers.js';

const PASSWORD = 'Passw0rdA';

function form(boundary: string, fields: [string, string][]): string {
  return fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
}

describe('kill -9 mid-post, then an immediate retry (sqlite)', () => {
  let app: AppProcess;
  afterAll(async () => {
    await app?.stop('SIGKILL');
    app?.remove();
  });

  it('the retry with the same Idempotency-Key is answered 201 and the post is stored once', async () => {
    app = new AppProcess(await freePort(), {});
    await app.start();
    const file = path.join(app.dataDir, 'community.sqlite');
    const cookie = await addAccountAndSignIn(app, { username: 'kim', firstName: 'Kim', lastName: 'Killed', password: PASSWORD });
    const direct = new SQLite(file);
    direct.pragma('busy_timeout = 5000');

    const key = crypto.randomUUID();
    const boundary = `----crash${crypto.randomBytes(6).toString('hex')}`;
    const body = form(boundary, [['title', 'Cut by a crash'], ['text', 'Sent again after the restart']]);
    const headers = { cookie, 'idempotency-key': key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(Buffer.byteLength(body)) };

    // The post's form arrives in part: the server holds the key, still reading the body, when it dies.
    const cut = http.request(`${app.url}/api/forumpost/CreatePost`, { method: 'POST', headers });
    cut.on('error', () => undefined);
    cut.write(body.slice(0, body.indexOf('Sent again')));
    const pending = () => direct.prepare(`SELECT state FROM idempotency_keys WHERE key = ?`).get(key) as { state: string } | undefined;
    const deadline = Date.now() + 10_000;
    while (pending()?.state !== 'pending' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(pending()?.state).toBe('pending');
    await app.stop('SIGKILL');

    await app.start();
    const retry = await fetch(`${app.url}/api/forumpost/CreatePost`, { method: 'POST', headers, body });
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { title: string }).title).toBe('Cut by a crash');
    const again = await fetch(`${app.url}/api/forumpost/CreatePost`, { method: 'POST', headers, body });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const count = direct.prepare(`SELECT COUNT(*) AS n FROM posts WHERE title = 'Cut by a crash'`).get() as { n: number };
    expect(count.n).toBe(1);
    direct.close();
  }, 180_000);
});

describe.skipIf(!dbKinds.includes('postgres'))('start-up on PostgreSQL', () => {
  it('leaves pending keys to their lease: other live processes may hold them', async () => {
    const t = await buildTestApp('postgres');
    try {
      const user = await createUser(t.app);
      const ts = new Date().toISOString();
      await t.app.db
        .insertInto('idempotency_keys')
        .values({ key: crypto.randomUUID(), user_id: user.id, route: 'POST /api/forumpost/CreatePost', body_hash: '', state: 'pending', status_code: null, response_body: null, created_at: ts, lease_id: 'x', leased_at: ts })
        .execute();
      expect(await releaseAfterCrash(t.app)).toBe(0);
      const left = await t.app.db.selectFrom('idempotency_keys').select('state').where('user_id', '=', user.id).execute();
      expect(left).toEqual([{ state: 'pending' }]);
    } finally {
      await t.close();
    }
  });
});
