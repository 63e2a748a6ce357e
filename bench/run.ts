// `npm run bench`: runs every bench/*.bench.ts in its own process (one at a time: the machines are
// small) and exits non-zero when any of them failed its budget. `npm run bench -- bundle` runs
// only the benches whose file name contains "bundle"; further arguments go to each bench.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const filter = process.argv[2];
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file), ...process.argv.slice(3)], { stdio: 'inherit' });
  if (r.status !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\n${benches.length} bench file(s) passed`);
