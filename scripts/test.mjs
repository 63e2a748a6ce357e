// npm test: every check, each one timed. Checks that neither read nor write what another one
// writes run side by side: lint, typecheck and the build first (each uses one core most of the
// time); then the browser tests, which need the build and mostly wait (for the app's timers, their
// servers, the network a spec simulates), beside the unit and API tests followed by their S3 pass.
// A stage is a list of lanes run side by side; a lane's steps run one after another. A failed step
// ends its lane; a failed stage stops the run (after its other lanes have finished) with a summary.
// TEST_SERIAL=1 runs every step one after another (to time each one alone).
import { spawn } from 'node:child_process';

const lint = { name: 'lint', command: 'npm run lint' };
const typecheck = { name: 'typecheck', command: 'npm run typecheck' };
const build = { name: 'build', command: 'npm run build' };
const api = { name: 'unit and API tests', command: 'npx vitest run' };
const s3 = { name: 'API tests on S3', command: 'npm run test:s3' };
const browser = { name: 'browser tests', command: 'npm run test:e2e' };

const stages = process.env.TEST_SERIAL
  ? [lint, typecheck, build, api, s3, browser].map((step) => [[step]])
  : [
      [[lint], [typecheck], [build]],
      [[browser], [api, s3]],
    ];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Run one check: its output streams when it runs alone, and is printed whole when it ends otherwise. */
function run(step, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      if (!alone) {
        process.stdout.write(`\n===== ${step.name} (${step.command}) =====\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ ...step, ok: code === 0, code: code ?? signal, ms });
    });
  });
}

const started = Date.now();
const results = [];
let failed = false;
/** A lane's steps one after another, until one fails. */
async function runLane(lane, alone) {
  const done = [];
  for (const step of lane) {
    const result = await run(step, alone);
    done.push(result);
    if (!result.ok) break;
  }
  return done;
}

for (const stage of stages) {
  const stageStarted = Date.now();
  const names = stage.map((lane) => lane.map((s) => s.name).join(' then ')).join(', ');
  if (stage.length > 1) console.log(`\n===== side by side: ${names} =====`);
  const done = (await Promise.all(stage.map((lane) => runLane(lane, stage.length === 1)))).flat();
  results.push(...done);
  if (stage.length > 1) console.log(`\n===== stage of ${names}: ${seconds(Date.now() - stageStarted)}`);
  if (done.some((d) => !d.ok)) {
    failed = true;
    break;
  }
}

console.log('\nnpm test:');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name.padEnd(20)} ${seconds(r.ms).padStart(6)}${r.ok ? '' : `  (exit ${r.code})`}`);
console.log(`  total ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
