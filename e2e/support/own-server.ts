// A server process of a test's own: started on its own port and data dir, killed with
// SIGKILL mid-request (no graceful shutdown: a crash) and started again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface OwnServer {
  port: number;
  dataDir: string;
  /** The SQLite file (for reading what the server left behind). */
  dbFile: string;
  start(): Promise<void>;
  /** SIGKILL, then wait until the process is gone. */
  kill(): Promise<void>;
}

export function ownServer(opts: { port: number; dataDir: string; publicUrl: string; env?: Record<string, string> }): OwnServer {
  let child: ChildProcess | null = null;
  const dataDir = path.resolve(opts.dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const self: OwnServer = {
    port: opts.port,
    dataDir,
    dbFile: path.join(dataDir, 'community.sqlite'),
    async start() {
      // The compiled server as `npm start` runs it (npm run build made it), started with node itself
      // so SIGKILL reaches the server (npm or npx would not pass it on).
      child = spawn(process.execPath, ['dist-server/server/main.js'], {
        env: {
          ...process.env,
          PORT: String(opts.port),
          DATA_DIR: dataDir,
          PUBLIC_URL: opts.publicUrl,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          JOB_POLL_MS: '200',
          RATE_LIMIT_LOGIN: '1000',
          RATE_LIMIT_EMAIL: '1000',
          ...opts.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        try {
          const res = await fetch(`http://127.0.0.1:${opts.port}/api/health`);
          if (res.ok) return;
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) throw new Error('the server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async kill() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
  return self;
}
