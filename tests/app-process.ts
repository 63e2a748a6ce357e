// The server as its own process (src/server/main.ts, as `npm start` runs it), for tests that signal,
// kill or starve it: on its own port and data dir.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class AppProcess {
  child: ChildProcess | null = null;
  output = '';
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;

  constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
    readonly dataDir: string = fs.mkdtempSync(path.join(os.tmpdir(), 'app-process-')),
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    this.exitCode = null;
    this.exitSignal = null;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: path.join(this.dataDir, 'no-client'),
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-50_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('exit', (code, signal) => {
      this.exitCode = code;
      this.exitSignal = signal;
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not start:\n${this.output}`);
  }

  /** Send `signal` and wait for the exit: its code and how long it took. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const child = this.child;
    if (!child || !this.running) return { code: this.exitCode, signal: this.exitSignal, ms: 0 };
    const started = Date.now();
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    await exited;
    this.child = null;
    return { code: this.exitCode, signal: this.exitSignal, ms: Date.now() - started };
  }

  remove(): void {
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * A verified account written straight into the SQLite file of `app` (as an import would), signed in
 * through the API: its session cookie.
 */
export async function addAccountAndSignIn(app: AppProcess, person: { username: string; firstName: string; lastName: string; password: string }): Promise<string> {
  const { default: SQLite } = await import('better-sqlite3');
  const { hashPassword } = await import('../src/server/features/auth/service.js');
  const direct = new SQLite(path.join(app.dataDir, 'community.sqlite'));
  try {
    direct.pragma('busy_timeout = 5000');
    direct
      .prepare(
        `INSERT INTO users (uuid_id, first_name, last_name, username, email, password_hash, role, enabled, email_verified, can_provision, is_pre_release, distributor_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 1, 1, 1, 0, 0, 1, ?)`,
      )
      .run(crypto.randomUUID(), person.firstName, person.lastName, person.username, `${person.username}@example.test`, await hashPassword(person.password), new Date().toISOString());
  } finally {
    direct.close();
  }
  const signIn = await fetch(`${app.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: person.username, password: person.password }) });
  if (signIn.status !== 200) throw new Error(`sign-in of ${person.username} failed: ${signIn.status} ${await signIn.text()}`);
  return /sid=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
}
