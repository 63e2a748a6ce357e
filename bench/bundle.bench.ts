// Bundle budgets (issue 6): the initial route's JavaScript (gzip) — index.html's entry script
// plus everything it loads statically (modulepreloads and static imports) — and the service
// worker's precache size. Uppy and chart.js must stay out of the initial route.
// Builds the client when dist/ is missing or BENCH_BUILD=1. Exits 1 when over budget.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const INITIAL_BUDGET_KB = 170;
const dist = path.resolve(process.env.BENCH_DIST ?? 'dist');

if (process.env.BENCH_BUILD === '1' || !fs.existsSync(path.join(dist, 'index.html'))) {
  console.log('building the client (vite build)...');
  execSync('npx vite build', { stdio: 'inherit' });
}

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const read = (rel: string) => fs.readFileSync(path.join(dist, rel.replace(/^\//, '')));

// 1. The initial route: entry + modulepreloads + their static imports (not dynamic import()).
const html = read('index.html').toString();
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
if (!entries.length) {
  console.error('bundle bench: no module entry script in dist/index.html');
  process.exit(1);
}
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const initial = new Set<string>();
const queue = [...entries, ...preloads].map((u) => u.replace(/^\//, ''));
while (queue.length) {
  const file = queue.shift()!;
  if (initial.has(file)) continue;
  initial.add(file);
  const code = read(file).toString();
  for (const m of code.matchAll(STATIC_IMPORT)) queue.push(path.posix.join(path.posix.dirname(file), m[1]));
}
let initialRaw = 0;
let initialGzip = 0;
const rows: [string, number, number][] = [];
for (const file of initial) {
  const buf = read(file);
  const gz = gzipSize(buf);
  initialRaw += buf.length;
  initialGzip += gz;
  rows.push([file, buf.length, gz]);
}
rows.sort((a, b) => b[2] - a[2]);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const cssGzip = css.reduce((n, f) => n + gzipSize(read(f)), 0);

// Heavy libraries that belong to lazy routes only.
const heavy: Record<string, RegExp> = { Uppy: /uppy|tus-js-client|Uploader\.|@uppy/i, 'chart.js': /Chart\.js v\d|chartjs|registerables|_adapters\._date/i };
const leaks: string[] = [];
for (const file of initial) {
  const code = read(file).toString();
  for (const [name, re] of Object.entries(heavy)) if (re.test(code)) leaks.push(`${name} in ${file}`);
}

// 2. The precache: the list injected into dist/sw.js.
let precacheRaw = 0;
let precacheGzip = 0;
let precacheCount = 0;
const swPath = path.join(dist, 'sw.js');
if (fs.existsSync(swPath)) {
  const sw = fs.readFileSync(swPath, 'utf8');
  const urls = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
  for (const u of urls) {
    const buf = read(u);
    precacheRaw += buf.length;
    precacheGzip += gzipSize(buf);
    precacheCount++;
  }
}

// 3. For information: the biggest lazy chunks.
const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const lazy = allJs
  .map((f) => `assets/${f}`)
  .filter((f) => !initial.has(f))
  .map((f) => [f, gzipSize(read(f))] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 6);

console.log('\nBundle budgets');
console.log(`  initial route JS: ${initial.size} files, ${kb(initialRaw)} raw, ${kb(initialGzip)} gzip (budget ${INITIAL_BUDGET_KB} KB gzip)`);
for (const [f, raw, gz] of rows) console.log(`    ${f.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gz).padStart(10)} gzip`);
console.log(`  initial CSS: ${kb(cssGzip)} gzip`);
console.log(`  precache: ${precacheCount} files, ${kb(precacheRaw)} raw, ${kb(precacheGzip)} gzip`);
console.log('  largest lazy chunks (gzip):');
for (const [f, gz] of lazy) console.log(`    ${f.padEnd(48)} ${kb(gz).padStart(10)}`);

let failed = false;
if (initialGzip > INITIAL_BUDGET_KB * 1024) {
  console.error(`\nOVER BUDGET: the initial route's JavaScript is ${kb(initialGzip)} gzip, more than ${INITIAL_BUDGET_KB} KB`);
  failed = true;
}
if (leaks.length) {
  console.error(`\nOVER BUDGET: heavy libraries in the initial route: ${leaks.join(', ')}`);
  failed = true;
}
if (!precacheCount) {
  console.error('\nNo precache list found in dist/sw.js');
  failed = true;
}
if (failed) process.exit(1);
console.log('\nbundle budgets: ok');
