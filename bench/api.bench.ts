// API throughput and latency on large lists (issues: the scenario library and the feed must stay
// fast at 100 000 rows; every list within a share of /api/health, /api/health within a share of a
// bare Fastify route). Starts, each in its own child process:
//   - a bare Fastify() with one route answering { status: 'ok' } (the baseline of the request path);
//   - the real server (buildApp on a temp data dir, SQLite, loopback port), signed in through
//     POST /api/auth as an admin; the bench seeds its database directly (batched transactions of raw
//     better-sqlite3 prepared statements on the same file; the FTS5 indexes and the list versions are
//     kept by the migrations' triggers, search_text is built like refreshSearchText does).
// Each data size (1 000 rows, then BENCH_SCENARIOS, default 100 000, of scenarios, posts, users and
// groups; BENCH_POSTS sets the posts of the large size) measures with autocannon (10 connections,
// BENCH_SECONDS each, default 6): the bare route, /api/health, and every list: the scenario library
// GET /api/scenarios/0/10/-1/-1/-1, a filtered library (adult, deteriorating, one tag), a library
// search for a word in ~0.3 % of the rows, the feed GET /api/forumpost/GetPosts/0/5/-1, site search
// of posts for a rare word, a common one (ranked: title matches first) and two words, a big group's
// posts GET /api/forumgroup/GetGroupPosts/1, the groups directory GET /api/search/searchgroups/0/20/-1,
// the admin user list GET /api/users/0/100/-1 and a user search for a common first name.
// BENCH_ONLY=<substring> measures only the lists whose name holds it (health and bare always run);
// BENCH_CPU_PROF=<dir> has the server write a V8 CPU profile into <dir>.
//
// Targets (the run fails with one line per miss):
//   - every response 2xx, and each list's `total` (`count`) equals the rows seeded to match;
//   - /api/health at least 50 % of the bare route's requests/s (each size; both measured twice, in
//     the order bare, health, health, bare, and averaged);
//   - at the large size, each list at least 35 % of /api/health's requests/s (the mean of the health
//     runs right before and right after that list, BENCH_SECONDS/2 each) and p99 at most 25 ms;
//   - each list's p50 at the large size at most 1.5x its p50 at 1 000 rows (autocannon records whole
//     milliseconds, so a difference of 1 ms, one histogram step, is never a miss).
// The queries each call runs, their EXPLAIN QUERY PLAN and time on their own are printed for a list
// over its p99 target, or for every list with BENCH_EXPLAIN=1. Autocannon shares the machine with
// the servers, so absolute req/s are a floor; the ratios compare calls of the same run.
import type { ChildProcess } from 'node:child_process';
import { nextMessage, startChild, stopChild } from './children.js';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createBaseRows,
  createSeeder,
  FILTER_AGE,
  FILTER_CONDITION,
  openRaw,
  POST_SEARCHES,
  SEARCH_WORD,
  USER_SEARCH,
  type Seeded,
} from './seed.js';

const SMALL = 1_000;
const BIG = Number(process.env.BENCH_SCENARIOS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Each list at the large size lies between two /api/health runs this long. */
const HEALTH_PAIR_SECONDS = Math.max(1, Math.round(SECONDS / 2));
const CONNECTIONS = 10;
const EXPLAIN_ALL = ['1', 'true', 'yes'].includes((process.env.BENCH_EXPLAIN ?? '').toLowerCase());
const ONLY = process.env.BENCH_ONLY ?? '';
/** Targets: see the header. */
const HEALTH_SHARE_OF_BARE = 0.5;
const LIST_SHARE_OF_HEALTH = 0.35;
const P99_TARGET_MS = 25;
const P50_GROWTH = 1.5;
const USERNAME = 'bench';
const PASSWORD = 'Passw0rdA';
// ---------------------------------------------------------------- messages between bench and server
type Request =
  | { cmd: 'seed'; total: number; posts: number }
  | { cmd: 'explain'; url: string; cookie: string }
  | { cmd: 'stop' };
interface Ready {
  port: number;
  filterTagId: number;
}
interface QueryReport {
  sql: string;
  params: unknown[];
  plan: string[];
  ms: number;
}
interface Explain {
  status: number;
  queries: QueryReport[];
}

// ---------------------------------------------------------------- server side (child process)
async function runServer(dataDir: string) {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const SQLite = (await import('better-sqlite3')).default;

  // Record the statements the app runs while a call is explained (Kysely's SQLite driver calls all/run/iterate).
  let tracing = false;
  const traced: { sql: string; params: unknown[] }[] = [];
  const probe = new SQLite(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = statementProto[method];
    statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (tracing) traced.push({ sql: this.source, params: args });
      return original.apply(this, args);
    };
  }

  const app = await buildApp(
    loadConfig(
      { DATA_DIR: dataDir, SEED_DEMO: 'false' },
      { serveClient: false, runWorker: false, logLevel: 'silent', rateLimit: { login: 10_000, email: 10_000, windowMs: 60_000 } },
    ),
  );

  // The accounts and tags through the app, then the bulk rows on a second connection to the same
  // file (bench/seed.ts), which also explains the calls' queries.
  const base = await createBaseRows(app.db, { username: USERNAME, password: PASSWORD });
  const filterTagId = base.filterTagId;
  const raw = await openRaw(path.join(dataDir, 'community.sqlite'));
  const seeder = await createSeeder(raw, base, { maxPosts: POSTS });

  function planOf(sql: string, params: unknown[]): string[] {
    const rows = raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { id: number; parent: number; detail: string }[];
    const depth = new Map<number, number>([[0, -1]]);
    return rows.map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${'  '.repeat(d)}${r.detail}`;
    });
  }

  function timeOf(sql: string, params: unknown[]): number {
    const stmt = raw.prepare(sql);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      if (stmt.reader) stmt.all(...params);
      else break;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times.length ? times[Math.floor(times.length / 2)] : 0;
  }

  async function handle(msg: Request): Promise<object> {
    switch (msg.cmd) {
      case 'seed':
        return seeder.seed(msg.total, msg.posts) satisfies Seeded;
      case 'explain': {
        traced.length = 0;
        tracing = true;
        let status: number;
        try {
          status = (await app.inject({ method: 'GET', url: msg.url, headers: { cookie: msg.cookie } })).statusCode;
        } finally {
          tracing = false;
        }
        const queries = traced
          .filter((q) => /^\s*select/i.test(q.sql))
          .map((q) => ({ sql: q.sql, params: q.params, plan: planOf(q.sql, q.params), ms: timeOf(q.sql, q.params) }));
        return { status, queries } satisfies Explain;
      }
      case 'stop':
        raw.close();
        await app.close();
        process.exit(0);
    }
  }

  process.on('message', (msg: Request) => {
    handle(msg).then(
      (reply) => process.send?.(reply),
      (err: Error) => process.send?.({ error: err.stack ?? err.message }),
    );
  });
  // The bench went away (killed, crashed): do not linger.
  process.on('disconnect', () => process.exit(0));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  process.send?.({ port, filterTagId } satisfies Ready);
}

/** The baseline: a plain Fastify with one route, nothing registered. */
async function runBare() {
  const Fastify = (await import('fastify')).default;
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  process.on('disconnect', () => process.exit(0));
  process.on('message', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

// ---------------------------------------------------------------- client side (the bench)
interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { average: number };
  latency: { p50: number; p99: number; average: number; max: number; totalCount: number };
}
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const call = <T>(child: ChildProcess, msg?: Request): Promise<T> => nextMessage<T>(child, msg);

interface Row {
  data: string;
  endpoint: string;
  total: number | string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  /** A list at the large size: its req/s as a share of /api/health's beside it. */
  share?: string;
}

interface List {
  name: string;
  url: string;
  expectTotal: number;
}

const fmt = (n: number) => n.toLocaleString('en-GB').replace(/,/g, ' ');
const pct = (n: number) => `${Math.round(n * 100)} %`;

/** Start `node bench/api.bench.ts <mode> ...args` and wait for its first message. */
const startSelf = <T>(args: string[], nodeFlags: string[] = []) => startChild<T>(fileURLToPath(import.meta.url), args, { nodeFlags });

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  let child: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  const cleanupOnSignal = () => {
    child?.kill('SIGKILL');
    bare?.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', cleanupOnSignal);
  process.once('SIGTERM', cleanupOnSignal);
  const rows: Row[] = [];
  const failures: string[] = [];
  /** p50 of each list at each size, for the growth target. */
  const p50s = new Map<string, Map<number, number>>();
  try {
    const bareStart = startSelf<{ port: number }>(['--bare']);
    bare = bareStart.child;
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
    const server = startSelf<Ready>(['--server', path.join(work, 'data')], profile);
    child = server.child;
    const [{ port: barePort }, { port, filterTagId }] = await Promise.all([bareStart.ready, server.ready]);
    const base = `http://127.0.0.1:${port}`;
    const bareUrl = `http://127.0.0.1:${barePort}/api/health`;

    const auth = await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: USERNAME, password: PASSWORD }) });
    if (auth.status !== 200) throw new Error(`sign-in failed: ${auth.status} ${await auth.text()}`);
    const sid = auth.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (!sid) throw new Error('sign-in set no session cookie');
    const cookie = sid.split(';')[0];
    // As a browser sends them: the session cookie and the encodings it accepts.
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };

    /** One plain request: checks the status and returns the call's `total` (`count` for search). */
    async function probe(url: string): Promise<number | undefined> {
      const res = await fetch(`${base}${url}`, { headers });
      const text = await res.text();
      if (res.status < 200 || res.status > 299) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { total?: number; count?: number };
      return body.total ?? body.count;
    }

    async function explain(url: string) {
      const report = await call<Explain>(child!, { cmd: 'explain', url, cookie });
      console.log(`\n  queries of GET ${url} (status ${report.status}):`);
      for (const q of report.queries) {
        console.log(`  - ${q.ms.toFixed(2)} ms alone: ${q.sql.replace(/\s+/g, ' ')}`);
        console.log(`    params ${JSON.stringify(q.params.length === 1 ? q.params[0] : q.params)}`);
        for (const line of q.plan) console.log(`      ${line}`);
      }
    }

    async function cannon(data: string, name: string, url: string, total?: number, seconds = SECONDS): Promise<CannonResult> {
      const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
      const bad = r.non2xx + r.errors + r.timeouts;
      const row: Row = {
        data,
        endpoint: name,
        total: total ?? '',
        'req/s': Math.round(r.requests.average),
        'p50 ms': Math.round(r.latency.p50),
        'p99 ms': Math.round(r.latency.p99),
        'non-2xx': bad,
      };
      rows.push(row);
      console.log(`  ${name.padEnd(44)} ${String(row['req/s']).padStart(6)} req/s  p50 ${String(row['p50 ms']).padStart(4)} ms  p99 ${String(row['p99 ms']).padStart(4)} ms${bad ? `  ${bad} failed` : ''}`);
      if (bad) {
        const codes = Object.entries(r.statusCodeStats).map(([code, s]) => `${code}: ${s.count}`).join(', ');
        failures.push(`${data} ${name}: ${r.non2xx} non-2xx (${codes}), ${r.errors} errors, ${r.timeouts} timeouts`);
      }
      return r;
    }

    // A short warm-up so the first measured call does not pay for JIT and the first page reads.
    await autocannon({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1, headers });
    await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 1, headers });

    const sizes = [...new Set([SMALL, BIG])].sort((a, b) => a - b);
    let seedSeconds = 0;
    for (const size of sizes) {
      const big = size === BIG;
      const s = await call<Seeded>(child, { cmd: 'seed', total: size, posts: big ? POSTS : Math.min(size, POSTS) });
      seedSeconds += s.seconds;
      const data = `${fmt(size)} rows`;
      console.log(
        `\n${data}: ${fmt(s.scenarios.count)} scenarios (${s.scenarios.searchMatches} match "${SEARCH_WORD}", ${s.scenarios.filterMatches} the filter), ` +
          `${fmt(s.posts.count)} posts (${s.posts.feedMatches} in the feed, ${s.posts.groupMatches} in group 1), ${fmt(s.users.count)} users, ` +
          `${fmt(s.groups.count)} groups; seeded in ${s.seconds.toFixed(1)} s`,
      );

      // The machine is shared: bare, health, health, bare, so a drift in load weighs on both alike.
      const bare1 = await cannon(data, 'bare Fastify route (baseline)', bareUrl);
      const health1 = await cannon(data, 'GET /api/health', `${base}/api/health`);
      const health2 = await cannon(data, 'GET /api/health', `${base}/api/health`);
      const bare2 = await cannon(data, 'bare Fastify route (baseline)', bareUrl);
      const bareRate = (bare1.requests.average + bare2.requests.average) / 2;
      const healthRate = (health1.requests.average + health2.requests.average) / 2;
      const healthShare = healthRate / bareRate;
      console.log(`  /api/health: ${Math.round(healthRate)} req/s, ${pct(healthShare)} of the bare route's ${Math.round(bareRate)}`);
      if (healthShare < HEALTH_SHARE_OF_BARE) {
        failures.push(`${data} GET /api/health: ${Math.round(healthRate)} req/s is ${pct(healthShare)} of the bare route's ${Math.round(bareRate)}, target at least ${pct(HEALTH_SHARE_OF_BARE)}`);
      }

      const lists: List[] = [
        { name: 'library /api/scenarios/0/10/-1/-1/-1', url: '/api/scenarios/0/10/-1/-1/-1', expectTotal: s.scenarios.count },
        { name: `filtered library (age ${FILTER_AGE}, cond ${FILTER_CONDITION}, tag)`, url: `/api/scenarios/0/10/${FILTER_AGE}/${FILTER_CONDITION}/${filterTagId}`, expectTotal: s.scenarios.filterMatches },
        { name: `library search "${SEARCH_WORD}"`, url: `/api/scenarios/0/10/-1/-1/${SEARCH_WORD}/-1`, expectTotal: s.scenarios.searchMatches },
        { name: 'feed /api/forumpost/GetPosts/0/5/-1', url: '/api/forumpost/GetPosts/0/5/-1', expectTotal: s.posts.feedMatches },
        ...POST_SEARCHES.map((q, n) => ({ name: `search posts "${q.term}"`, url: `/api/search/searchposts/0/20/${encodeURIComponent(q.term)}`, expectTotal: s.posts.searchMatches[n] })),
        { name: 'group posts /api/forumgroup/GetGroupPosts/1', url: '/api/forumgroup/GetGroupPosts/1?offset=0&count=5', expectTotal: s.posts.groupMatches },
        { name: 'groups /api/search/searchgroups/0/20/-1', url: '/api/search/searchgroups/0/20/-1', expectTotal: s.groups.count },
        { name: 'admin users /api/users/0/100/-1', url: '/api/users/0/100/-1', expectTotal: s.users.count },
        { name: `search users "${USER_SEARCH}"`, url: `/api/search/searchusers/0/20/${USER_SEARCH}`, expectTotal: s.users.searchMatches },
      ].filter((l) => !ONLY || l.name.includes(ONLY));

      // At the large size each list is compared with /api/health measured right before and right
      // after it (the health run after one list is the one before the next): the machine's pace
      // drifts over the minutes the lists take, and a share must compare calls run alike.
      const healthRun = (label: string) => cannon(data, `GET /api/health (${label})`, `${base}/api/health`, undefined, big ? HEALTH_PAIR_SECONDS : SECONDS);
      const measured: { list: List; r: CannonResult; health: number }[] = [];
      let healthBefore = big && lists.length ? (await healthRun('before the lists')).requests.average : healthRate;
      for (const list of lists) {
        const total = await probe(list.url);
        if (total !== list.expectTotal) failures.push(`${data} ${list.name}: total ${total}, expected ${list.expectTotal} (the seeded rows are not all found)`);
        // A second of warm-up: the first requests compile the list's code and fill its caches.
        await autocannon({ url: `${base}${list.url}`, connections: CONNECTIONS, duration: 1, headers });
        const r = await cannon(data, list.name, `${base}${list.url}`, total);
        const healthAfter = big ? (await healthRun(list === lists.at(-1) ? 'after the lists' : 'between lists')).requests.average : healthRate;
        measured.push({ list, r, health: (healthBefore + healthAfter) / 2 });
        healthBefore = healthAfter;
      }
      if (!big && lists.length) await healthRun('after the lists');
      for (const { list, r, health } of measured) {
        if (!p50s.has(list.name)) p50s.set(list.name, new Map());
        p50s.get(list.name)!.set(size, r.latency.p50);
        let over = false;
        if (big) {
          const share = r.requests.average / health;
          const row = rows.find((x) => x.data === data && x.endpoint === list.name);
          if (row) row.share = pct(share);
          if (share < LIST_SHARE_OF_HEALTH) {
            failures.push(`${data} ${list.name}: ${Math.round(r.requests.average)} req/s is ${pct(share)} of /api/health's ${Math.round(health)} (its runs before and after), target at least ${pct(LIST_SHARE_OF_HEALTH)}`);
            over = true;
          }
          if (r.latency.p99 > P99_TARGET_MS) {
            failures.push(`${data} ${list.name}: p99 ${Math.round(r.latency.p99)} ms, target at most ${P99_TARGET_MS} ms`);
            over = true;
          }
          const small = p50s.get(list.name)!.get(SMALL);
          if (small !== undefined && size !== SMALL && r.latency.p50 > small * P50_GROWTH && r.latency.p50 - small > 1) {
            failures.push(`${data} ${list.name}: p50 ${r.latency.p50} ms is ${(r.latency.p50 / Math.max(small, 1)).toFixed(1)}x its ${small} ms at ${fmt(SMALL)} rows, target at most ${P50_GROWTH}x`);
            over = true;
          }
        }
        if (over || EXPLAIN_ALL) await explain(list.url);
      }
    }

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per call; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.table(rows);
    console.log(`seeding: ${seedSeconds.toFixed(1)} s`);
    await call<never>(child, { cmd: 'stop' }).catch(() => undefined);
  } finally {
    await Promise.all([stopChild(child), stopChild(bare)]);
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\napi bench failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\napi bench: every target met');
}

if (process.argv[2] === '--server') {
  await runServer(process.argv[3]);
} else if (process.argv[2] === '--bare') {
  await runBare();
} else {
  await main().catch((err) => {
    console.error(`api bench failed: ${(err as Error).stack ?? (err as Error).message}`);
    process.exit(1);
  });
}
