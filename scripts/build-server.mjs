// npm run build:server: compile src/server and src/shared to dist-server/ (tsconfig.server.json),
// then copy the files the server reads beside its modules (the demo seed's fixtures, the SQLite reader threads' module and the plain JavaScript it imports), so
// `node dist-server/server/main.js` runs with no TypeScript tooling installed.
import { cpSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const OUT = 'dist-server';
rmSync(OUT, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
if (result.status !== 0) {
  rmSync(OUT, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}
cpSync('src/server/db/seed/fixtures', `${OUT}/server/db/seed/fixtures`, {
  recursive: true,
  filter: (src) => !src.endsWith('.ts'),
});
// The SQLite reader threads' module and what it imports are plain JavaScript, run as they are.
cpSync('src/server/db/sqlite-reader.worker.mjs', `${OUT}/server/db/sqlite-reader.worker.mjs`);
cpSync('src/shared/fold.mjs', `${OUT}/shared/fold.mjs`);
console.log(`Server compiled to ${OUT}/`);
