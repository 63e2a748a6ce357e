// npm test: every check, each one timed. Checks that neither read nor write what another one
// writes run side by side (lint, typecheck and the build each use one core most of the time); the
// API tests run alone, as their timing tests need the machine; the browser tests need the build.
// A failed stage stops the run (after its side-by-side checks have finished) with a summary.
import { spawn } from 'node:child_process';

const stages = [
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'build', command: 'npm run build' },
  ],
  [{ name: 'unit and API tests', command: 'npx vitest run' }],
  [{ name: 'API tests on S3', command: 'npm run test:s3' }],
  [{ name: 'browser tests', command: 'npm run test:e2e' }],
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
for (const stage of stages) {
  const stageStarted = Date.now();
  if (stage.length > 1) console.log(`\n===== side by side: ${stage.map((s) => s.name).join(', ')} =====`);
  const done = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...done);
  if (stage.length > 1) console.log(`\n===== stage of ${done.map((d) => d.name).join(', ')}: ${seconds(Date.now() - stageStarted)}`);
  if (done.some((d) => !d.ok)) {
    failed = true;
    break;
  }
}

console.log('\nnpm test:');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name.padEnd(20)} ${seconds(r.ms).padStart(6)}${r.ok ? '' : `  (exit ${r.code})`}`);
console.log(`  total ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
