// One app server per Playwright worker, so spec files run in parallel without sharing a database.
// Worker n (its parallelIndex, 0 to workers-1) talks to the server on E2E_PORT + 5n with the data dir
// E2E_DATA_DIR-n. Specs put pass-through proxies and servers of their own on their server's port
// + 1000 to + 1004: a step of 5 keeps every worker's ports apart. The config starts them all
// (webServer); a spec reads its own worker's server here.
// Test files load inside the worker after Playwright has set TEST_PARALLEL_INDEX; in the runner
// process (config, global setup) it is unset and the values below are worker 0's.
import path from 'node:path';

/**
 * Workers, and so servers: E2E_WORKERS, else 4. A browser test mostly waits (for the app's timers,
 * its server, the network it simulates): on the 2-core machine the suite is sized for, a run with
 * 2 workers kept the processor busy less than an eighth of the time.
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 4));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseDataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');

const PORT_STEP = 5;

export interface E2EServer {
  index: number;
  port: number;
  dataDir: string;
  url: string;
}

export function e2eServer(index: number): E2EServer {
  const port = basePort + PORT_STEP * index;
  return { index, port, dataDir: `${baseDataDir}-${index}`, url: `http://localhost:${port}` };
}

export const e2eServers = Array.from({ length: e2eWorkers }, (_, i) => e2eServer(i));

/** This worker's server. */
export const ownE2EServer = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const e2ePort = ownE2EServer.port;
export const e2eDataDir = ownE2EServer.dataDir;

/** Where the global setup keeps each server's signed-in sessions (storage-state files). */
export const authDir = `${baseDataDir}-auth`;
export const storageStateFile = (server: E2EServer, username: string) => path.join(authDir, `${server.index}-${username}.json`);
