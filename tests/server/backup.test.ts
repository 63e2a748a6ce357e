// Backups that restore: db:backup taken while posts and media uploads go on, restored with
// db:restore into a fresh data dir; the app started on it has every post and file acknowledged
// before the backup began, and every stored row's file. db:restore refuses a non-empty data dir.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { addAccountAndSignIn, AppProcess } from '../app-process.js';
import { freePort } from '../private-pg.js';

const PASSWORD = 'Passw0rdA';
const ROOT = path.resolve(import.meta.dirname, '../..');
const PNG = fs.readFileSync(path.join(ROOT, 'src/server/db/seed/fixtures/media/patient-monitor.png'));

/** npm run db:<command> -- dir, as the compiled CLI runs it (here from source). */
function cli(command: 'backup' | 'restore', dir: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/db/cli.ts', command, dir], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('db:backup while the app writes, db:restore into a fresh data dir (sqlite)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const apps: AppProcess[] = [];
  afterAll(async () => {
    for (const app of apps) {
      await app.stop('SIGKILL');
      app.remove();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the restored app has every acknowledged post and file', async () => {
    const app = new AppProcess(await freePort(), {});
    apps.push(app);
    await app.start();
    const cookie = await addAccountAndSignIn(app, { username: 'bea', firstName: 'Bea', lastName: 'Backup', password: PASSWORD });

    const posts: { title: string; at: number }[] = [];
    const media: { uuid_id: string; at: number }[] = [];
    let writing = true;
    const writer = async () => {
      for (let i = 0; writing; i++) {
        if (i % 3 === 0) {
          // A different image each time: the PNG with bytes after its end.
          const bytes = Buffer.concat([PNG, crypto.randomBytes(64)]);
          const formData = new FormData();
          formData.append('mediaFiles', new Blob([bytes], { type: 'image/png' }), `shot-${i}.png`);
          const res = await fetch(`${app.url}/api/media/upload`, { method: 'POST', headers: { cookie }, body: formData });
          const body = (await res.json()) as { successes?: { uuid_id: string }[] };
          if (res.status === 200 && body.successes?.length) media.push({ uuid_id: body.successes[0].uuid_id, at: Date.now() });
        } else {
          const title = `Backed up ${i}`;
          const res = await fetch(`${app.url}/api/forumpost/CreatePost`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title }) });
          if (res.status === 201) posts.push({ title, at: Date.now() });
        }
      }
    };
    const writers = [writer(), writer()];
    await new Promise((r) => setTimeout(r, 1500));
    const backupStarted = Date.now();
    const dir = path.join(tmp, 'backup');
    const made = await cli('backup', dir, app.dataDir);
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await Promise.all(writers);
    expect(made.code, made.output).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { entries: { path: string; sha256: string }[] };
    expect(manifest.entries.map((e) => e.path)).toContain('community.sqlite');
    expect(manifest.entries.map((e) => e.path)).toContain('secret.key');

    // Restore: refused into a data dir that is not empty, done into a fresh one.
    const refused = await cli('restore', dir, app.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty/);
    const restoredDir = path.join(tmp, 'restored');
    const restored = await cli('restore', dir, restoredDir);
    expect(restored.code, restored.output).toBe(0);

    const before = { posts: posts.filter((p) => p.at < backupStarted), media: media.filter((m) => m.at < backupStarted) };
    expect(before.posts.length).toBeGreaterThan(3);
    expect(before.media.length).toBeGreaterThan(0);

    const second = new AppProcess(await freePort(), {}, restoredDir);
    apps.push(second);
    await second.start();
    // The session survives too: the secret that signs it was backed up.
    const call = (url: string) => fetch(`${second.url}${url}`, { headers: { cookie } });
    const feed = await call('/api/forumpost/GetPosts/0/20/-1');
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { posts: unknown[] }).posts.length).toBe(20);
    const db0 = new SQLite(path.join(restoredDir, 'community.sqlite'), { readonly: true });
    const titles = new Set((db0.prepare('SELECT title FROM posts').all() as { title: string }[]).map((p) => p.title));
    db0.close();
    for (const p of before.posts) expect(titles.has(p.title), p.title).toBe(true);

    const db = new SQLite(path.join(restoredDir, 'community.sqlite'), { readonly: true });
    try {
      for (const m of before.media) {
        const row = db.prepare('SELECT file_key FROM media WHERE uuid_id = ?').get(m.uuid_id) as { file_key: string } | undefined;
        expect(row, m.uuid_id).toBeTruthy();
        // The file as the running server stored it (images are stored re-encoded), unless the
        // server has replaced it since (processing deletes an original once its cleaned copy is stored).
        const restoredFile = fs.readFileSync(path.join(restoredDir, 'files', row!.file_key));
        const live = path.join(app.dataDir, 'files', row!.file_key);
        if (fs.existsSync(live)) expect(sha(restoredFile)).toBe(sha(fs.readFileSync(live)));
      }
      // Every row the copy holds has its file, acknowledged before the backup or not.
      for (const { file_key } of db.prepare('SELECT file_key FROM media').all() as { file_key: string }[]) {
        expect(fs.existsSync(path.join(restoredDir, 'files', file_key)), file_key).toBe(true);
      }
    } finally {
      db.close();
    }
  }, 240_000);

  it('a damaged backup restores nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-src-'));
    const db = new SQLite(path.join(dataDir, 'community.sqlite'));
    db.exec('CREATE TABLE t (x INTEGER)');
    db.close();
    fs.mkdirSync(path.join(dataDir, 'files', 'media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'media', 'a.png'), 'image');
    const dir = path.join(tmp, 'damaged');
    expect((await cli('backup', dir, dataDir)).code).toBe(0);
    fs.writeFileSync(path.join(dir, 'files', 'media', 'a.png'), 'changed');
    const target = path.join(tmp, 'from-damaged');
    const res = await cli('restore', dir, target);
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/files\/media\/a\.png is missing or damaged/);
    expect(fs.existsSync(path.join(target, 'community.sqlite'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
