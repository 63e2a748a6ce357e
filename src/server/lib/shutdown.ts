// Graceful shutdown on SIGTERM/SIGINT (a deploy, a scale-down): stop accepting connections, answer
// new requests on connections already open with 503 and `Connection: close` (Fastify does this
// once closing), let requests in flight finish within the configured bound, end keep-alive
// connections as soon as they are idle, stop the job worker (handing back its leases) and close the
// pools (the app's onClose hooks), then exit 0. Past the bound, the remaining connections are cut
// and the process exits 1.
import type { FastifyInstance } from 'fastify';

/** How often idle keep-alive connections are looked for while shutting down. */
const REAP_MS = 50;

export interface Lifecycle {
  /** True from the moment a shutdown begins: /api/ready answers 503, so load balancers move on. */
  shuttingDown: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Shut `app` down gracefully; resolves with the exit code (0 clean, 1 cut short by the bound). */
export async function shutDown(app: FastifyInstance, timeoutMs: number): Promise<number> {
  app.lifecycle.shuttingDown = true;
  const server = app.server;
  // A request answered from now on ends its connection; one still running when the shutdown began
  // leaves its connection idle when done, and the reaper ends it then (a browser or a load
  // balancer would otherwise keep it open for a minute, and the process with it).
  server.on('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  const reaper = setInterval(() => server.closeIdleConnections(), REAP_MS);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.warn(`requests still running after ${timeoutMs} ms: closing their connections`);
      server.closeAllConnections();
      resolve(1);
    }, timeoutMs);
  });
  try {
    return await Promise.race([app.close().then(() => 0), bound]);
  } catch (err) {
    app.log.error({ err }, 'shutting down failed');
    return 1;
  } finally {
    clearInterval(reaper);
    clearTimeout(timer);
  }
}
