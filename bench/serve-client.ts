// Shared by the client benches: a fresh production build of the client when dist/ is missing,
// older than its sources or not precompressed (or BENCH_BUILD=1), and the real server (src/server/main.ts
// in a child process: demo data seeded on a temp SQLite data dir, the built client served) on a
// free loopback port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));

/** Newest modification time of a file or of any file under a folder. */
function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

/** Builds the client (vite build) unless dist/ is up to date with its sources. */
export function ensureBuild(): void {
  if (process.env.BENCH_DIST) return;
  const built = newest(path.join(dist, 'index.html'));
  const sources = Math.max(
    ...['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts', 'scripts/vite-prerender.ts', 'package.json'].map((p) =>
      newest(path.join(root, p)),
    ),
  );
  const precompressed = fs.existsSync(path.join(dist, 'index.html.br'));
  if (process.env.BENCH_BUILD !== '1' && built && built >= sources && precompressed) return;
  console.log('building the client (vite build)...');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the server with the demo data on a temp data dir; resolves once /api/health answers. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      CLIENT_DIR: dist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: '1000',
    },
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await exit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error('the server exited during start-up');
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}

/** Signs in through POST /api/auth; returns the Cookie header value of the session. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('sign-in set no session cookie');
  return sid.split(';')[0];
}
