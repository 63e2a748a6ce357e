// Prometheus metrics: off by default (no /metrics anywhere); with METRICS_PORT, /metrics on that
// port only, in the text format, with requests by route pattern and status, their latency
// histogram, the job queue by state, uploads in progress, and (PostgreSQL) the pool's use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { freePort } from '../private-pg.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp } from './helpers.js';

describe('metrics off (the default)', () => {
  it('METRICS_PORT defaults to 0 (off), and the public port has no /metrics', async () => {
    expect(loadConfig({}).metricsPort).toBe(0);
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    const t = await buildTestApp('sqlite');
    try {
      expect(t.app.metricsAddress).toBeUndefined();
      expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe.each(dbKinds)('metrics on a port of their own (%s)', (kind) => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await buildTestApp(kind, { metricsPort: await freePort() });
    url = `http://127.0.0.1:${t.app.metricsAddress!.port}`;
  });
  afterAll(() => t.close());

  it('answers Prometheus text with requests by route and status, latencies, jobs, uploads and the pool', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 3; i++) await t.app.inject('/api/health');
    await as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Counted' } });
    await as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' });
    await t.app.inject('/api/no-such-thing');
    await t.app.jobs.enqueue('metrics.test', {});

    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('community_http_requests_total{method="GET",route="/api/health",status_code="200"} 3');
    expect(text).toContain('community_http_requests_total{method="POST",route="/api/forumpost/CreatePost",status_code="201"} 1');
    expect(text).toContain('community_http_requests_total{method="GET",route="/api/forumpost/GetPosts/:offset/:count/:tagIds",status_code="200"} 1');
    expect(text).toMatch(/community_http_requests_total\{method="GET",route="(unmatched|\/\*)",status_code="404"\} 1/);
    expect(text).toMatch(/community_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health",status_code="200"\} \d/);
    expect(text).toContain('community_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 3');
    expect(text).toMatch(/community_jobs\{state="queued"\} [1-9]/);
    expect(text).toContain('community_jobs{state="failed"} 0');
    expect(text).toContain('community_uploads_in_progress 0');
    expect(text).toContain('community_process_resident_memory_bytes');
    if (kind === 'postgres') {
      expect(text).toMatch(/community_db_pool_connections\{pool="read",state="total"\} \d+/);
      expect(text).toMatch(/community_db_pool_connections\{pool="write",state="total"\} \d+/);
    }
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });
});
