// Prometheus metrics (prom-client) at /metrics on their own port (METRICS_PORT, on METRICS_HOST:
// loopback by default), never on the public one. Off by default: then nothing here runs, and a
// request pays nothing for it. On: requests counted and timed by route pattern and status, the
// PostgreSQL pool's use, the job queue by state (failures included), resumable uploads in progress,
// and the process itself (memory, event loop lag, handles).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const PREFIX = 'community_';
/** Request durations in seconds: 5 ms to 10 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics server's address, when metrics are on. */
    metricsAddress?: AddressInfo;
  }
}

/**
 * Count and time every request of `app` (call before its routes are registered) and answer
 * /metrics on config.metricsPort once the app is ready. Does nothing when metrics are off.
 */
export function setupMetrics(app: FastifyInstance, pools: { read: pg.Pool; write: pg.Pool } | undefined): void {
  const { metricsPort, metricsHost } = app.config;
  if (!metricsPort) return;
  app.decorate('metricsAddress', undefined);
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: PREFIX });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered, by route pattern and status', labelNames, registers: [register] });
  const durations = new Histogram({ name: `${PREFIX}http_request_duration_seconds`, help: 'Time to answer an HTTP request, by route pattern and status', labelNames, buckets: BUCKETS, registers: [register] });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (not the URL: ids would make a series each); unmatched paths share one.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  if (pools) {
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool connections, of the read pool and of the write pool: open (total), idle, and requests waiting for one',
      labelNames: ['pool', 'state'],
      registers: [register],
      collect() {
        for (const [name, pool] of Object.entries(pools)) {
          this.set({ pool: name, state: 'total' }, pool.totalCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
          this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
  }
  // Read from the database at each scrape; a scrape while it is down keeps the last values.
  new Gauge({
    name: `${PREFIX}jobs`,
    help: 'Background jobs by state: queued (the queue depth), running, done, failed (gave up after their retries)',
    labelNames: ['state'],
    registers: [register],
    async collect() {
      try {
        const rows = await app.db.selectFrom('jobs').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
        for (const state of ['queued', 'running', 'done', 'failed']) this.set({ state }, Number(rows.find((r) => r.state === state)?.n ?? 0));
      } catch {
        // unavailable: the last values stand
      }
    },
  });
  new Gauge({
    name: `${PREFIX}uploads_in_progress`,
    help: 'Resumable uploads begun and not yet finished (nor swept as expired)',
    registers: [register],
    async collect() {
      try {
        const row = await app.db.selectFrom('tus_uploads').select((eb) => eb.fn.countAll<number>().as('n')).where('finished_at', 'is', null).executeTakeFirst();
        this.set(Number(row?.n ?? 0));
      } catch {
        // unavailable: the last value stands
      }
    },
  });

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Not found: metrics are at /metrics' }));
      return;
    }
    register.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': register.contentType }).end(text),
      (err: unknown) => {
        app.log.warn({ err }, 'collecting metrics failed');
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Collecting metrics failed' }));
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, metricsHost, () => resolve());
    });
    app.metricsAddress = server.address() as AddressInfo;
    app.log.info(`Metrics at http://${metricsHost}:${app.metricsAddress.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}
