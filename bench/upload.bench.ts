// Resumable upload throughput and server memory (DESIGN sections 2 and 6: uploads up to 512 MB
// stream to disk, so memory stays flat). Starts the real server (buildApp on a temp data dir,
// loopback port) in a child process, uploads a 512 MB file through tus in 16 MB chunks streamed
// from disk, and reports MB/s and the server's peak RSS (sampled every 50 ms, and the kernel's
// VmHWM), beside a plain stream copy of the same file (the median of three copies, one before and
// two after the upload, so a passing disk hiccup does not decide). Exits 1 when the stored file
// differs, the upload ran below THROUGHPUT_TARGET of the copy's pace, or the server's memory grew
// by more than the budget during the upload (issue "Speed").
// BENCH_UPLOAD_MB=64 runs a smaller file; BENCH_CPU_PROF=<dir> writes a CPU profile of the server.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 512);
const CHUNK = 16 * MB;
/** How much the server's RSS may grow while receiving the file. */
const RSS_GROWTH_BUDGET_MB = 64;
/** The upload's throughput as a share of a plain stream copy of the same file, at least. */
const THROUGHPUT_TARGET = 0.6;

interface ServerReady {
  port: number;
  cookie: string;
}
interface ServerReport {
  baseRss: number;
  peakRss: number;
  /** CPU time the server spent (user + system) between the start of the upload and the report, in ms. */
  cpuMs: number;
  /** Of which in the kernel (system time): socket reads, file writes, page faults. */
  systemMs: number;
}

// ---------------------------------------------------------------- server side (child process)
async function runServer(dataDir: string) {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { registerUploadKind } = await import('../src/server/uploads/registry.js');
  const { randomToken, sha256, uuid } = await import('../src/server/lib/crypto.js');

  registerUploadKind({
    name: 'bench',
    extensions: ['.bin'],
    maxBytes: 512 * MB,
    maxFiles: 1,
    sniff: () => null,
    async accept(app, _user, file) {
      const id = uuid();
      await app.storage.putFile(`bench/${id}.bin`, file.filePath);
      return { id: 1, uuid_id: id };
    },
  });
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { serveClient: false, runWorker: false, logLevel: 'silent' }));
  const user = await app.db
    .insertInto('users')
    .values({
      uuid_id: uuid(),
      first_name: 'Bench',
      last_name: 'User',
      username: 'bench',
      email: 'bench@example.test',
      password_hash: 'x',
      mobile_phone: null,
      role: 1,
      enabled: 1,
      email_verified: 1,
      can_provision: 0,
      is_pre_release: 0,
      organisation_id: null,
      distributor_id: 1,
      last_login: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomToken();
  await app.db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), user_id: user.id, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3600_000).toISOString() })
    .execute();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  const baseCpu = process.cpuUsage();
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  process.on('message', (msg) => {
    if (msg === 'report') {
      const cpu = process.cpuUsage(baseCpu);
      process.send?.({ baseRss, peakRss, cpuMs: (cpu.user + cpu.system) / 1000, systemMs: cpu.system / 1000 } satisfies ServerReport);
    }
    if (msg === 'stop') {
      clearInterval(sampler);
      void app.close().then(() => process.exit(0));
    }
  });
  process.send?.({ port, cookie: `sid=${token}` } satisfies ServerReady);
}

// ---------------------------------------------------------------- client side (the bench)
function request(opts: http.RequestOptions, body?: NodeJS.ReadableStream): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', ...opts }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

async function makeFile(file: string, sizeMb: number) {
  const block = crypto.randomBytes(CHUNK);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < sizeMb * MB; written += CHUNK) {
    const part = block.subarray(0, Math.min(CHUNK, sizeMb * MB - written));
    if (!out.write(part)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function vmHwm(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return kb * 1024;
}

function ask<T>(child: ChildProcess, msg?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    if (msg) child.send(msg);
  });
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-bench-'));
  const dataDir = path.join(work, 'data');
  const source = path.join(work, 'source.bin');
  let child: ChildProcess | undefined;
  try {
    process.stdout.write(`generating a ${FILE_MB} MB file... `);
    await makeFile(source, FILE_MB);
    const size = (await fsp.stat(source)).size;
    console.log('done');

    // A plain stream copy of the same file: the disk's own pace on this machine.
    const copyTimes: number[] = [];
    const plainCopy = async () => {
      const copyStart = performance.now();
      await pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(work, 'copy.bin')));
      copyTimes.push((performance.now() - copyStart) / 1000);
      await fsp.rm(path.join(work, 'copy.bin'));
    };
    await plainCopy();

    child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--server', dataDir], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { port, cookie } = await ask<ServerReady>(child);
    const headers = { cookie, 'tus-resumable': '1.0.0' };

    const start = performance.now();
    const created = await request({
      port,
      method: 'POST',
      path: '/uploads/tus',
      headers: { ...headers, 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from('bench.bin').toString('base64')},kind ${Buffer.from('bench').toString('base64')}` },
    });
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
    const location = created.headers.location as string;
    let offset = 0;
    let last = created;
    while (offset < size) {
      const end = Math.min(offset + CHUNK, size);
      last = await request(
        { port, method: 'PATCH', path: location, headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(end - offset) } },
        fs.createReadStream(source, { start: offset, end: end - 1 }),
      );
      if (last.status !== 204 && last.status !== 200) throw new Error(`PATCH at ${offset} failed: ${last.status} ${last.text}`);
      offset = Number(last.headers['upload-offset']);
    }
    const uploadSeconds = (performance.now() - start) / 1000;
    const { uuid_id } = JSON.parse(last.text) as { uuid_id: string };

    const report = await ask<ServerReport>(child, 'report');
    await plainCopy();
    await plainCopy();
    const copySeconds = copyTimes.sort((a, b) => a - b)[1];
    const share = copySeconds / uploadSeconds;
    const hwm = vmHwm(child.pid!);
    const stored = path.join(dataDir, 'files', 'bench', `${uuid_id}.bin`);
    const same = (await sha256File(stored)) === (await sha256File(source));

    const mbps = (s: number) => `${(size / MB / s).toFixed(0)} MB/s`;
    const mem = (n: number) => `${(n / MB).toFixed(0)} MB`;
    const growth = report.peakRss - report.baseRss;
    console.log(`\nupload of ${FILE_MB} MB in ${size / CHUNK} chunks of 16 MB`);
    console.table([
      { measure: 'tus upload (loopback)', throughput: mbps(uploadSeconds), seconds: uploadSeconds.toFixed(2) },
      { measure: 'plain stream copy (median of 3)', throughput: mbps(copySeconds), seconds: copySeconds.toFixed(2) },
    ]);
    console.log(`upload at ${(share * 100).toFixed(0)}% of the copy's pace (target at least ${THROUGHPUT_TARGET * 100}%)`);
    console.log(
      `server CPU time during the upload: ${report.cpuMs.toFixed(0)} ms (${((report.cpuMs / 1000 / uploadSeconds) * 100).toFixed(0)}% of one core), ` +
        `${report.systemMs.toFixed(0)} ms of it in the kernel`,
    );
    console.table([
      { server: 'RSS before upload', memory: mem(report.baseRss) },
      { server: 'peak RSS (sampled 50 ms)', memory: mem(report.peakRss) },
      { server: 'peak RSS (VmHWM)', memory: mem(hwm) },
      { server: 'growth during upload', memory: mem(growth) },
    ]);
    console.log(`stored file identical to the source: ${same ? 'yes' : 'NO'}`);
    child.send('stop');
    if (!same) throw new Error('the stored file differs from the source');
    const missed: string[] = [];
    if (share < THROUGHPUT_TARGET) missed.push(`the upload ran at ${(share * 100).toFixed(0)}% of a plain copy (target ${THROUGHPUT_TARGET * 100}%)`);
    if (growth > RSS_GROWTH_BUDGET_MB * MB) missed.push(`server memory grew by ${mem(growth)} (budget ${RSS_GROWTH_BUDGET_MB} MB)`);
    if (missed.length) throw new Error(missed.join('; '));
  } finally {
    if (child && child.exitCode === null) {
      await new Promise((r) => {
        const t = setTimeout(() => child!.kill('SIGKILL'), 5000);
        child!.once('exit', () => r(clearTimeout(t)));
      });
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--server') {
  await runServer(process.argv[3]);
} else {
  await main().catch((err) => {
    console.error(`upload bench failed: ${(err as Error).message}`);
    process.exit(1);
  });
}
