// Page speed as a phone sees it: Lighthouse (mobile emulation, simulated slow 4G and a 4x slower
// CPU: its defaults) on every main screen: /login, and signed in the feed, the scenario library,
// a scenario's page, the media library, the user's groups and the TMS, against the real server
// serving the production build (bench/serve-client.ts: built when stale, demo data seeded). Each
// page is measured BENCH_LH_RUNS times (default 3: the machine may be shared) in a fresh headless
// Chromium, and each figure's median is reported. `npm run bench -- lighthouse
// /media` (BENCH_LH_PAGES=/media,/tms) measures only the pages whose name contains one of those.
// Budgets: performance at least 95, largest contentful paint at
// most 2.5 s, total blocking time at most 200 ms, cumulative layout shift at most 0.1. Exits 1 when
// one is missed. Chromium: CHROMIUM_PATH, else CHROME_PATH, else /usr/bin/chromium. BENCH_LH_OUT=dir
// keeps each run's JSON report there to read the audits.
// A plain HTML page (a heading and a line of text) is measured once first, as the machine's floor:
// its main-thread work, beside the pages', tells a slow browser machine from a slow page (on some
// virtual machines a fresh browser's every first touch of memory is slow, and every task with it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, signIn, startServer } from './serve-client.js';

const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const BUDGET = { score: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const USER = { username: 'educator', password: 'Community1' };
const chromePath = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';
const lighthouseCli = path.join(path.dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli/index.js');

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Main-thread work (simulated, as Lighthouse reports it). */
  mainMs: number;
  /** Lighthouse's measure of the machine's CPU speed. */
  benchmarkIndex: number;
  lcpElement: string;
}

interface Report {
  environment?: { benchmarkIndex?: number };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
  runtimeError?: { code: string; message: string };
}

function lighthouse(url: string, outFile: string, headers?: Record<string, string>): Promise<Run> {
  const args = [
    lighthouseCli,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: chromePath } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || !fs.existsSync(outFile)) return reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-2000)}`));
      const lhr = JSON.parse(fs.readFileSync(outFile, 'utf8')) as Report;
      if (lhr.runtimeError) return reject(new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`));
      const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0];
      resolve({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: n('first-contentful-paint'),
        lcpMs: n('largest-contentful-paint'),
        tbtMs: n('total-blocking-time'),
        cls: n('cumulative-layout-shift'),
        siMs: n('speed-index'),
        mainMs: n('mainthread-work-breakdown'),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
        lcpElement: (lcpItem?.node?.snippet ?? '').slice(0, 70),
      });
    });
  });
}

/** Each figure's median over the runs (the LCP element: the median LCP run's). */
function median(runs: Run[]): Run {
  const mid = (key: keyof Omit<Run, 'lcpElement'>) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor((runs.length - 1) / 2)]![key];
  const lcpRun = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)]!;
  return {
    score: mid('score'), fcpMs: mid('fcpMs'), lcpMs: lcpRun.lcpMs, tbtMs: mid('tbtMs'), cls: mid('cls'), siMs: mid('siMs'),
    mainMs: mid('mainMs'), benchmarkIndex: mid('benchmarkIndex'), lcpElement: lcpRun.lcpElement,
  };
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The floor: a plain page served from loopback. */
async function plainPage(outFile: string): Promise<Run> {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Plain</title></head><body><h1>A plain page</h1><p>A heading and a line of text.</p></body></html>';
  const plain = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  try {
    return await lighthouse(`http://127.0.0.1:${(plain.address() as { port: number }).port}/`, outFile);
  } finally {
    plain.close();
  }
}

ensureBuild();
const server = await startServer();
const outDir = process.env.BENCH_LH_OUT ? path.resolve(process.env.BENCH_LH_OUT) : fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
fs.mkdirSync(outDir, { recursive: true });
const failures: string[] = [];
const rows: [string, Run, Run[]][] = [];
try {
  const cookie = await signIn(server.url, USER.username, USER.password);
  // A scenario of the library's first page, for a scenario's own page.
  const library = await fetch(`${server.url}/api/scenarios/0/1/-1/-1/-1`, { headers: { cookie } });
  const scenario = ((await library.json()) as { scenarios: { uuid_id: string }[] }).scenarios[0];
  if (!scenario) throw new Error('the demo data has no scenario in the library');
  const signedIn = { Cookie: cookie };
  const only = (process.env.BENCH_LH_PAGES ?? process.argv[2] ?? '').split(',').filter(Boolean);
  const pages = [
    { name: '/login', url: `${server.url}/login`, headers: undefined },
    { name: '/feed', url: `${server.url}/feed`, headers: signedIn },
    { name: '/scenarios', url: `${server.url}/scenarios`, headers: signedIn },
    { name: '/scenario/:uuid', url: `${server.url}/scenario/${scenario.uuid_id}`, headers: signedIn },
    { name: '/media', url: `${server.url}/media`, headers: signedIn },
    { name: '/me/forum/groups', url: `${server.url}/me/forum/groups`, headers: signedIn },
    { name: '/tms', url: `${server.url}/tms`, headers: signedIn },
  ].filter((page) => !only.length || only.some((o) => page.name.includes(o)));
  console.log(`Lighthouse mobile (simulated throttling), ${RUNS} run(s) per page, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const floor = await plainPage(path.join(outDir, 'plain-page.json'));
  rows.push(['plain page (floor)', floor, [floor]]);
  console.log(`  plain page (the machine's floor): main-thread work ${Math.round(floor.mainMs)} ms, TBT ${Math.round(floor.tbtMs)} ms, benchmark index ${Math.round(floor.benchmarkIndex)}`);
  for (const page of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const file = path.join(outDir, `${page.name.replace(/\W+/g, '_').replace(/^_|_$/g, '')}-${i + 1}.json`);
      // Lighthouse now and then fails to record a trace (NO_NAVSTART...): try that run again.
      let run: Run | undefined;
      for (let attempt = 1; !run; attempt++) {
        try {
          run = await lighthouse(page.url, file, page.headers);
        } catch (err) {
          if (attempt >= 3) throw err;
          console.log(`  ${page.name} run ${i + 1}: ${(err as Error).message.split('\n')[0].slice(0, 160)}; trying again`);
        }
      }
      console.log(`  ${page.name} run ${i + 1}: score ${run.score}, LCP ${s(run.lcpMs)}, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, main-thread work ${Math.round(run.mainMs)} ms`);
      runs.push(run);
    }
    const m = median(runs);
    rows.push([page.name, m, runs]);
    if (m.score < BUDGET.score) failures.push(`${page.name}: performance ${m.score} < ${BUDGET.score}`);
    if (m.lcpMs > BUDGET.lcpMs) failures.push(`${page.name}: LCP ${s(m.lcpMs)} > ${s(BUDGET.lcpMs)} (element: ${m.lcpElement})`);
    if (m.tbtMs > BUDGET.tbtMs) failures.push(`${page.name}: TBT ${Math.round(m.tbtMs)} ms > ${BUDGET.tbtMs} ms`);
    if (m.cls > BUDGET.cls) failures.push(`${page.name}: CLS ${m.cls.toFixed(3)} > ${BUDGET.cls}`);
  }
} finally {
  await server.stop();
  if (!process.env.BENCH_LH_OUT) fs.rmSync(outDir, { recursive: true, force: true });
}

console.log(`\nLighthouse mobile, median of ${RUNS} (budget: score >= ${BUDGET.score}, LCP <= ${s(BUDGET.lcpMs)}, TBT <= ${BUDGET.tbtMs} ms, CLS <= ${BUDGET.cls})`);
console.log(`  ${'page'.padEnd(20)} ${'score'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'SI'.padStart(8)} ${'main'.padStart(8)}  LCP element`);
for (const [name, m] of rows) {
  console.log(
    `  ${name.padEnd(20)} ${String(m.score).padStart(5)} ${s(m.fcpMs).padStart(8)} ${s(m.lcpMs).padStart(8)} ${`${Math.round(m.tbtMs)} ms`.padStart(8)} ${m.cls.toFixed(3).padStart(6)} ${s(m.siMs).padStart(8)} ${`${Math.round(m.mainMs)} ms`.padStart(8)}  ${m.lcpElement}`,
  );
}
if (failures.length) {
  console.error(`\nOVER BUDGET:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nlighthouse budgets: ok');
