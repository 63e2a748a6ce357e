// npm start: run the compiled server (dist-server/) with the built client (dist/). Either is built
// first when it is missing or older than its sources, which needs the development dependencies
// (Vite, TypeScript); with both builds present, only the production dependencies are needed. The
// server migrates the database and seeds demo data on an empty one itself.
// `node scripts/start.mjs db <migrate|seed>` (npm run db:migrate / db:seed) runs the compiled
// database command instead, building only the server when needed.
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

const builds = [
  {
    what: 'the client',
    output: 'dist/index.html',
    sources: ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts', 'scripts/vite-prerender.ts', 'package.json'],
    command: ['npx', ['vite', 'build']],
  },
  {
    what: 'the server',
    output: 'dist-server/server/main.js',
    sources: ['src/server', 'src/shared', 'tsconfig.json', 'tsconfig.server.json', 'package.json'],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
];

const dbCommand = process.argv[2] === 'db' ? process.argv.slice(3) : null;

for (const build of dbCommand ? builds.filter((b) => b.what === 'the server') : builds) {
  const built = newest(build.output);
  if (built && built >= Math.max(...build.sources.map(newest))) continue;
  console.log(built ? `Rebuilding ${build.what} (sources changed)...` : `Building ${build.what} (first start)...`);
  const [command, args] = build.command;
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Could not build ${build.what}: building needs the development dependencies (npm install).`);
    process.exit(result.status ?? 1);
  }
}

const entry = dbCommand ? ['dist-server/server/db/cli.js', ...dbCommand] : ['dist-server/server/main.js'];
const server = spawn(process.execPath, ['--enable-source-maps', ...entry], { stdio: 'inherit' });
// Pass stop signals on so the server shuts down gracefully.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
