import { build } from 'vite';
import zlib from 'node:zlib';
import { transform } from 'esbuild';
const out = (await build({ logLevel: 'silent', build: { write: false, outDir: '/tmp/vite-analyze' } })) as any;
const outputs = Array.isArray(out) ? out.flatMap((o: any) => o.output) : out.output;
const entry = outputs.find((c: any) => c.type === 'chunk' && c.isEntry && c.fileName.startsWith('assets/index'));
const groups: Record<string, string> = {};
for (const [id, m] of Object.entries<any>(entry.modules)) {
  const rel = id.includes('node_modules') ? 'nm:' + id.split('node_modules/').pop()!.split('/').slice(0, id.split('node_modules/').pop()!.startsWith('@') ? 2 : 1).join('/') : id.replace(process.cwd() + '/', '').split('/').slice(0, 4).join('/');
  groups[rel] = (groups[rel] ?? '') + (m.code ?? '');
}
const rows: [string, number][] = [];
for (const [k, code] of Object.entries(groups)) {
  const min = (await transform(code, { minify: true, loader: 'js' }).catch(() => ({ code }))).code;
  rows.push([k, zlib.gzipSync(min, { level: 9 }).length]);
}
rows.sort((a, b) => b[1] - a[1]);
let total = 0; for (const r of rows) total += r[1];
console.log('sum of separately gzipped groups', (total / 1024).toFixed(1));
for (const [k, v] of rows.slice(0, 40)) console.log((v / 1024).toFixed(1).padStart(7), k);
