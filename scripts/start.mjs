// npm start: build the client when dist/ is missing or older than its sources, then run the
// server (it migrates and seeds itself).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

/** Newest modification time of a file or of any file under a folder. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const built = newest('dist/index.html');
const sources = Math.max(...['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'].map(newest));
if (!built || built < sources) {
  console.log(built ? 'Rebuilding the client (sources changed)...' : 'Building the client (first start)...');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
// Pass stop signals on so the server shuts down gracefully.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
