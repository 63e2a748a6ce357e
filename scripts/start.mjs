// npm start: build the client when dist/ is missing, then run the server (it migrates and seeds itself).
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

if (!existsSync('dist/index.html')) {
  console.log('Building the client (first start)...');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
// Pass stop signals on so the server shuts down gracefully.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
