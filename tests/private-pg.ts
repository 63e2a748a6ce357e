// A private PostgreSQL server for tests that stop, pause and restart their database: initdb into a
// temporary folder, on a free loopback port. Never the shared server other tests use. Run as the
// 'postgres' system user when the tests run as root (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The newest installed PostgreSQL's programs folder, or null. */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length) return path.join(root, versions[0], 'bin');
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return onPath ? path.dirname(onPath) : null;
}

const isRoot = process.getuid?.() === 0;

/** Why a private server cannot be started here (null: it can). */
export function privatePgUnavailable(): string | null {
  if (!binDir()) return 'no PostgreSQL server programs (initdb, pg_ctl) installed';
  if (isRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return "running as root and there is no 'postgres' user to run initdb as";
  if (isRoot && spawnSync('runuser', ['--help']).status !== 0) return 'running as root without runuser';
  return null;
}

export class PrivatePg {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-pg-'));
  readonly data = path.join(this.dir, 'data');
  private readonly bin = binDir()!;

  private constructor(readonly port: number) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<PrivatePg> {
    const pg = new PrivatePg(await freePort());
    if (isRoot) execFileSync('chown', ['postgres', pg.dir]);
    pg.run('initdb', ['-D', pg.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    pg.start();
    return pg;
  }

  private run(program: string, args: string[]): string {
    const command = path.join(this.bin, program);
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: this.dir });
    if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', path.join(this.dir, 'log'), '-w', 'start']);
  }

  /** A fast stop, as a failover or maintenance does: sessions are ended (57P01). */
  stop(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  /** The server's processes: the postmaster and its children. */
  private pids(): number[] {
    const pid = Number(fs.readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
    return [pid, ...children];
  }

  /** Freeze the server: connections stay open but nothing answers (a hung host, a cut network). */
  freeze(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGCONT');
  }

  destroy(): void {
    try {
      this.thaw();
    } catch {
      // not running
    }
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
