// Bundle and static-file budgets (the page-speed budgets), on the production build
// (bench/serve-client.ts builds it when missing or stale, or with BENCH_BUILD=1):
//   1. The initial route's JavaScript (gzip) for /login and every main screen: the entry chunk and its
//      static imports, plus the route's lazy chunk and its static imports (from the build manifest,
//      dist/.vite/manifest.json) — at most 170 KB gzip each. Uppy and chart.js stay out of them.
//   2. Every compressible file of dist/ (scripts/vite-precompress.ts: js, css, html, svg, json...
//      of 1 KB and more) has a .br and a .gz copy that decompress to the file itself; the service
//      worker precaches the plain files only.
//   3. The real server (started on a temp data dir) sends them: with Accept-Encoding br (then gzip)
//      the shell, a client route, the entry script, the stylesheet, the service worker and the web
//      manifest come back with Content-Encoding br (gzip), the bytes of the matching copy, Vary:
//      Accept-Encoding, and the Cache-Control of the plain file (a year and immutable for hashed
//      assets/, no-cache for the rest); without Accept-Encoding, the plain bytes. The main screens
//      (/feed, /scenarios...), whose shell carries a signed-in visitor's first answers
//      (plugins/static-client.ts), are compressed as they are sent: asked with no session they
//      decompress to the plain shell, private, no-cache.
// Also prints the precache size and the largest lazy chunks. Exits 1 when a check fails.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMPRESSIBLE, MIN_BYTES } from '../scripts/vite-precompress.js';
import { dist, ensureBuild, startServer } from './serve-client.js';

const INITIAL_BUDGET_KB = 170;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROUTES = [
  { name: '/login', module: 'src/client/features/auth/routes/login.tsx' },
  { name: '/feed', module: 'src/client/features/feed/routes/feed.tsx' },
  { name: '/scenarios', module: 'src/client/features/scenarios/routes/scenarios.tsx' },
  { name: '/scenario/:uuid', module: 'src/client/features/scenarios/routes/scenario-view.tsx' },
  { name: '/media', module: 'src/client/features/media/routes/library.tsx' },
  { name: '/me/forum/groups', module: 'src/client/features/groups/routes/my-groups.tsx' },
  { name: '/tms', module: 'src/client/features/tms/routes/tms.tsx' },
];

ensureBuild();

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const read = (rel: string) => fs.readFileSync(path.join(dist, rel.replace(/^\//, '')));
const failures: string[] = [];

// ---------------------------------------------------------------- 1. initial route JavaScript
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('bundle bench: no build manifest (dist/.vite/manifest.json); build with build.manifest on');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('bundle bench: no entry chunk in the build manifest');
  process.exit(1);
}
/** The chunk files a module loads statically: its own and its static imports, transitively. */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

/** The namespaces the router fetches with a screen's module (`withNamespaces([...], () => import(...))`). */
function routeNamespaces(module: string): string[] {
  const router = fs.readFileSync(new URL('../src/client/app/router.tsx', import.meta.url), 'utf8');
  const specifier = `'../${module.replace(/^src\/client\//, '').replace(/\.tsx?$/, '')}'`;
  const line = router.split('\n').find((l) => l.includes(`import(${specifier})`));
  if (!line) throw new Error(`bundle bench: ${module} is not a screen of src/client/app/router.tsx`);
  const declared = /withNamespaces\(\[([^\]]*)\]/.exec(line)?.[1] ?? '';
  return [...declared.matchAll(/'(\w+)'/g)].map((m) => m[1]);
}

const heavy: Record<string, RegExp> = { Uppy: /uppy|tus-js-client|Uploader\.|@uppy/i, 'chart.js': /Chart\.js v\d|chartjs|registerables|_adapters\._date/i };
const gzipOf = new Map<string, number>();
const gz = (file: string) => {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSize(read(file)));
  return gzipOf.get(file)!;
};
const entryFiles = staticClosure([entryKey]);
const entryGzip = [...entryFiles].reduce((n, f) => n + gz(f), 0);
const entryRaw = [...entryFiles].reduce((n, f) => n + read(f).length, 0);
console.log('\nInitial route JavaScript (entry + route chunk, with their static imports)');
console.log(`  entry: ${entryFiles.size} files, ${kb(entryRaw)} raw, ${kb(entryGzip)} gzip`);
const routeRows: [string, number, number][] = [];
for (const route of ROUTES) {
  if (!manifest[route.module]) {
    failures.push(`${route.name}: ${route.module} is not a chunk of the build`);
    continue;
  }
  // The route's chunk, and the English texts its route brings beside it (router.tsx withNamespaces).
  const files = staticClosure([route.module, ...routeNamespaces(route.module).map((ns) => `src/client/i18n/locales/en/${ns}.json`)], new Set(entryFiles));
  const raw = [...files].reduce((n, f) => n + read(f).length, 0);
  const total = [...files].reduce((n, f) => n + gz(f), 0);
  routeRows.push([route.name, raw, total]);
  const extra = [...files].filter((f) => !entryFiles.has(f));
  console.log(`  ${route.name.padEnd(16)} ${files.size} files, ${kb(raw)} raw, ${kb(total)} gzip (budget ${INITIAL_BUDGET_KB} KB); route adds ${extra.length} files, ${kb(total - entryGzip)} gzip`);
  if (total > INITIAL_BUDGET_KB * 1024) failures.push(`${route.name}: initial JavaScript ${kb(total)} gzip, more than ${INITIAL_BUDGET_KB} KB`);
  for (const file of files) {
    const code = read(file).toString();
    for (const [name, re] of Object.entries(heavy)) if (re.test(code)) failures.push(`${route.name}: ${name} in the initial route (${file})`);
  }
}
console.log('  largest initial files (gzip):');
for (const f of [...entryFiles].sort((a, b) => gz(b) - gz(a)).slice(0, 5)) console.log(`    ${f.padEnd(48)} ${kb(gz(f)).padStart(10)}`);

// ---------------------------------------------------------------- 2. precompressed copies
function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}
const compressible = listFiles(dist).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
let plainBytes = 0;
let brBytes = 0;
let gzBytes = 0;
const missing: string[] = [];
for (const file of compressible) {
  const rel = path.relative(dist, file);
  const plain = fs.readFileSync(file);
  plainBytes += plain.length;
  for (const [ext, decode] of [['.br', zlib.brotliDecompressSync], ['.gz', zlib.gunzipSync]] as const) {
    if (!fs.existsSync(file + ext)) {
      missing.push(rel + ext);
      continue;
    }
    const packed = fs.readFileSync(file + ext);
    if (ext === '.br') brBytes += packed.length;
    else gzBytes += packed.length;
    if (!decode(packed).equals(plain)) failures.push(`${rel}${ext} does not decompress to ${rel} (stale build?)`);
  }
}
if (missing.length) failures.push(`missing precompressed copies: ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ` and ${missing.length - 8} more` : ''}`);
console.log(`\nPrecompressed: ${compressible.length} files of ${kb(plainBytes)}: ${kb(brBytes)} brotli, ${kb(gzBytes)} gzip`);

// The precache: the list injected into dist/sw.js.
let precacheRaw = 0;
let precacheGzip = 0;
const swPath = path.join(dist, 'sw.js');
const precache = fs.existsSync(swPath) ? [...new Set([...fs.readFileSync(swPath, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]))] : [];
for (const u of precache) {
  const buf = read(u);
  precacheRaw += buf.length;
  precacheGzip += gzipSize(buf);
}
console.log(`Precache: ${precache.length} files, ${kb(precacheRaw)} raw, ${kb(precacheGzip)} gzip`);
if (!precache.length) failures.push('no precache list found in dist/sw.js');
const precachedCopies = precache.filter((u) => /\.(br|gz)$/.test(u));
if (precachedCopies.length) failures.push(`the service worker precaches compressed copies: ${precachedCopies.slice(0, 5).join(', ')}`);

const lazy = Object.values(manifest)
  .map((c) => c.file)
  .filter((f, i, all) => f.endsWith('.js') && all.indexOf(f) === i && !entryFiles.has(f))
  .map((f) => [f, gz(f)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 5);
console.log('Largest lazy chunks (gzip):');
for (const [f, size] of lazy) console.log(`    ${f.padEnd(48)} ${kb(size).padStart(10)}`);

// ---------------------------------------------------------------- 3. the server sends them
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const html = read('index.html').toString();
const entryScript = html.match(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/)?.[1];
const stylesheet = html.match(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/)?.[1];
const checks: { url: string; file: string; dynamic?: boolean }[] = [
  { url: '/', file: 'index.html' },
  { url: '/me/profile', file: 'index.html' },
  { url: '/feed', file: 'index.html', dynamic: true },
  { url: '/scenarios', file: 'index.html', dynamic: true },
  ...(entryScript ? [{ url: `/${entryScript}`, file: entryScript }] : []),
  ...(stylesheet ? [{ url: `/${stylesheet}`, file: stylesheet }] : []),
  { url: '/sw.js', file: 'sw.js' },
  { url: '/manifest.webmanifest', file: 'manifest.webmanifest' },
];
if (!entryScript) failures.push('no entry script in dist/index.html');

const server = await startServer();
const served: string[] = [];
try {
  for (const { url, file, dynamic } of checks) {
    const plain = read(file);
    const cacheControl = file.startsWith('assets/') ? IMMUTABLE : dynamic ? 'private, no-cache' : 'no-cache';
    const big = plain.length >= MIN_BYTES;
    for (const [accept, encoding, ext] of [
      ['br, gzip, deflate', 'br', '.br'],
      ['gzip, deflate', 'gzip', '.gz'],
      ['', undefined, ''],
    ] as const) {
      const res = await get(`${server.url}${url}`, accept ? { 'accept-encoding': accept } : {});
      const want = big ? encoding : undefined;
      const expected = want && !dynamic ? read(file + ext) : plain;
      const body = dynamic && want === 'br' ? zlib.brotliDecompressSync(res.body) : dynamic && want === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
      const label = `${url} (Accept-Encoding: ${accept || 'none'})`;
      if (res.status !== 200) failures.push(`${label}: status ${res.status}`);
      if (res.headers['content-encoding'] !== want) failures.push(`${label}: Content-Encoding ${res.headers['content-encoding'] ?? 'none'}, expected ${want ?? 'none'}`);
      if (!body.equals(expected)) failures.push(`${label}: the bytes are not those of ${file}${want && !dynamic ? ext : ''}`);
      if (res.headers['cache-control'] !== cacheControl) failures.push(`${label}: Cache-Control ${res.headers['cache-control']}, expected ${cacheControl}`);
      if (!/accept-encoding/i.test(String(res.headers.vary ?? ''))) failures.push(`${label}: no Vary: Accept-Encoding`);
      if (accept.startsWith('br')) served.push(`${url.padEnd(40)} ${String(res.headers['content-encoding'] ?? 'none').padEnd(5)} ${kb(res.body.length).padStart(9)} of ${kb(plain.length).padStart(9)}  ${res.headers['cache-control']}`);
    }
  }
} finally {
  await server.stop();
}
console.log('\nServed with Accept-Encoding: br');
for (const line of served) console.log(`  ${line}`);

console.log('\nBundle budgets');
console.log(`  ${'route'.padEnd(8)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}  (budget ${INITIAL_BUDGET_KB} KB gzip)`);
for (const [name, raw, total] of routeRows) console.log(`  ${name.padEnd(8)} ${kb(raw).padStart(10)} ${kb(total).padStart(10)}`);
if (failures.length) {
  console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nbundle and compression budgets: ok');
