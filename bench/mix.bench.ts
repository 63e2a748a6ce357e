// Speed under real use (`npm run bench -- mix`): many signed-in users reading different pages and
// words while another user writes, on SQLite and on PostgreSQL, against the raw-query floor.
//
// Data: BENCH_SCENARIOS (default 100 000) scenarios, users and groups and BENCH_POSTS (default
// 100 000) posts, seeded on SQLite by bench/seed.ts, then copied row for row into a fresh PostgreSQL
// database (BENCH_PG_URL names the server, default postgres://postgres@127.0.0.1:5432/postgres; the
// bench creates and drops its own database there; BENCH_PG=off skips PostgreSQL).
//
// Readers: USERS (20) signed-in accounts sharing CONNECTIONS (BENCH_CONNECTIONS, default 10, the
// load the targets were set at) connections: at most that many requests in flight at once, each
// from a user drawn at random, so every account reads all the time. Each request draws its URL afresh:
//   - pages spread over each whole list (the library, the groups directory, the admin user list), and
//     weighted to the top for the lists read by infinite scroll (the feed, a group's posts);
//   - search words from a vocabulary where a few words are common and most are rare (Zipf), some
//     matching nothing, on the first page mostly and on later pages sometimes.
// Writer: a separate process creating WRITES_PER_SECOND posts and toggling as many favourites a
// second through the API, timing each call (its p99 idle, then during the mix). Its runs last
// BENCH_WRITER_SECONDS (default 20, and half that idle): 200 calls, so its p99 is the second slowest
// call rather than the slowest of the 60 a 6 s run makes; the mix with the writer runs as long.
//
// Runs, each BENCH_SECONDS (default 6) long, with the list cache off (LIST_CACHE=off: the targets
// hold without it) unless said otherwise:
//   SQLite, one process: /api/health; each varied list alone; all of them mixed with the writer;
//     the mix again with the cache on (its hit rate); the library's first page at one fixed URL
//     with the cache on (the 'cache hit' row).
//   PostgreSQL, one process: /api/health; each varied list alone against its floor (no target: the
//     rows show where the mix's time goes); the mix with the writer. Two processes on the same
//     database: the mix with the writer.
// Floor: the queries each list's calls run (recorded through an in-process app on the same database,
// reads on the main thread), replayed straight on the database one after another in this process;
// a list's floor is the requests a second that replay reaches. Each list's share of it is printed.
//
// Targets (the run exits 1 with one line per miss):
//   - every answer 2xx;
//   - each varied list at least 6 % of /api/health's requests/s with p99 at most 25 ms;
//   - the mix with the writer at least 5 % of /api/health with p99 at most 50 ms, on SQLite, and
//     p99 at most 50 ms on PostgreSQL with one process and with two;
//   - the writer's p99 during the mix at most 50 ms (each database);
//   - each list at least 50 % of its raw-query floor (SQLite).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import { nextMessage, startChild, stopChild } from './children.js';
import {
  createBaseRows,
  createSeeder,
  FIRST_NAMES,
  GROUP_TOPICS,
  OPENERS,
  copyToPostgres,
  createPgDatabase,
  dropPgDatabase,
  openRaw,
  PROBLEMS,
  prng,
  SEARCH_WORD,
  type Seeded,
} from './seed.js';

const BIG = Number(process.env.BENCH_SCENARIOS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const USERS = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WRITES_PER_SECOND = 5;
/** How long the writer writes during the mix (and half that on an idle server): see the header. */
const WRITER_SECONDS = Number(process.env.BENCH_WRITER_SECONDS ?? 20);
const IDLE_WRITER_SECONDS = Math.max(3, WRITER_SECONDS / 2);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'community_mix_bench';
const WITH_PG = process.env.BENCH_PG !== 'off';
const USERNAME = 'bench';
const PASSWORD = 'Passw0rdA';
/** Targets: see the header. */
const LIST_SHARE_OF_HEALTH = 0.06;
const LIST_P99_MS = 25;
const MIX_SHARE_OF_HEALTH = 0.05;
const MIX_P99_MS = 50;
const WRITER_P99_MS = 50;
const FLOOR_SHARE = 0.5;
/** Sample URLs per list whose queries make its floor. */
const FLOOR_SAMPLES = 60;

// ---------------------------------------------------------------- what readers ask for
/**
 * Search words, most common first: Zipf weights (1/rank), so a few words take most searches and
 * most words are rare; the last ones match nothing (a typo, a word nobody used).
 */
const VOCABULARY = [
  ...OPENERS.slice(0, 4).map((w) => w.toLowerCase()),
  'sepsis', 'asthma', 'stroke', 'debrief', 'rural', 'chest', 'airway', 'cardiac',
  ...PROBLEMS.slice(10).map((w) => w.split(' ')[0].toLowerCase()),
  SEARCH_WORD, 'hyperkal', 'lactate', 'handover', 'ketoacidosis', 'meningitis', 'bronchiolitis',
  'zygomatic', 'qwertyuiop',
];
const ZIPF = (() => {
  const w = VOCABULARY.map((_, i) => 1 / (i + 1));
  const sum = w.reduce((a, b) => a + b, 0);
  let acc = 0;
  return w.map((x) => (acc += x / sum));
})();

type Rand = () => number;
const word = (r: Rand) => VOCABULARY[Math.max(0, ZIPF.findIndex((c) => r() <= c))];
/** A page anywhere in a list of `total` rows, `size` a page. */
const anywhere = (r: Rand, total: number, size: number) => Math.floor(r() * Math.max(1, Math.ceil(total / size))) * size;
/** Infinite scroll: most readers stay near the top; now and then one goes deep. */
const nearTop = (r: Rand, total: number, size: number) =>
  r() < 0.85 ? Math.min(Math.floor(-Math.log(1 - r()) * 4), Math.ceil(total / size) - 1) * size : anywhere(r, total, size);
/** Search pages: the first mostly, sometimes the next few. */
const searchPage = (r: Rand, size: number) => (r() < 0.8 ? 0 : (1 + Math.floor(r() * 4)) * size);

interface Totals {
  scenarios: number;
  feed: number;
  group: number;
  groups: number;
  users: number;
}

interface ListDef {
  name: string;
  /** Only the admin may read it. */
  admin?: boolean;
  url: (r: Rand, t: Totals) => string;
}

const LISTS: ListDef[] = [
  { name: 'library, any page', url: (r, t) => `/api/scenarios/${anywhere(r, t.scenarios, 10)}/10/-1/-1/-1` },
  { name: 'library search, any word', url: (r) => `/api/scenarios/${searchPage(r, 10)}/10/-1/-1/${word(r)}/-1` },
  { name: 'feed, scrolled', url: (r, t) => `/api/forumpost/GetPosts/${nearTop(r, t.feed, 5)}/5/-1` },
  { name: 'post search, any word', url: (r) => `/api/search/searchposts/${searchPage(r, 20)}/20/${word(r)}` },
  { name: "a group's posts, scrolled", url: (r, t) => `/api/forumgroup/GetGroupPosts/1?offset=${nearTop(r, t.group, 5)}&count=5` },
  { name: 'groups directory, any page', url: (r, t) => `/api/search/searchgroups/${anywhere(r, t.groups, 20)}/20/${r() < 0.3 ? GROUP_TOPICS[Math.floor(r() * GROUP_TOPICS.length)].toLowerCase() : '-1'}` },
  { name: 'admin users, any page or name', admin: true, url: (r, t) => (r() < 0.7 ? `/api/users/${anywhere(r, t.users, 100)}/100/-1` : `/api/search/searchusers/0/20/${FIRST_NAMES[Math.floor(r() * FIRST_NAMES.length)]}`) },
];

// ---------------------------------------------------------------- autocannon
interface CannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number };
  latency: { p50: number; p99: number };
}
interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: CannonRequest, context: Record<string, unknown>) => CannonRequest;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: CannonRequest[] }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---------------------------------------------------------------- child processes
const self = fileURLToPath(import.meta.url);
const child = <T>(args: string[], env: Record<string, string> = {}) => startChild<T>(self, args, { env });

/** Child: the real app on `DATA_DIR` / `DATABASE_URL` (env), listening on loopback. */
async function runServer() {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { listCacheStats } = await import('../src/server/lib/list-cache.js');
  const app = await buildApp(
    loadConfig(process.env, { serveClient: false, runWorker: false, logLevel: 'silent', rateLimit: { login: 1_000_000, email: 1_000, windowMs: 60_000 } }),
  );
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: { cmd: string }) => {
    if (m.cmd === 'stats') {
      process.send?.({ ...listCacheStats });
      listCacheStats.hits = 0;
      listCacheStats.reads = 0;
    }
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

interface WriterReport {
  posts: number;
  toggles: number;
  failed: number;
  p50: number;
  p99: number;
  firstError?: string;
}

/**
 * Child: the writer. argv: base URL, cookie, seconds, scenario id range. Creates a post and toggles
 * a favourite WRITES_PER_SECOND times a second each, evenly spaced, and reports the calls' latency.
 */
async function runWriter(base: string, cookie: string, seconds: number, firstId: number, lastId: number) {
  const r = prng(7);
  const times: number[] = [];
  let failed = 0;
  let posts = 0;
  let toggles = 0;
  let firstError: string | undefined;
  const headers = { cookie, 'content-type': 'application/json', origin: base };
  const pending: Promise<void>[] = [];
  const timed = async (url: string, body: unknown) => {
    const start = performance.now();
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
    const text = await res.text();
    times.push(performance.now() - start);
    if (res.status >= 300) {
      failed++;
      firstError ??= `${url} ${res.status} ${text.slice(0, 200)}`;
    }
  };
  // A new process's first fetch loads the HTTP client (50 to 100 ms here) and opens its connection:
  // pay for that before the clock starts, so the times are the server's.
  await (await fetch(`${base}/api/health`)).text();
  const interval = 1000 / (2 * WRITES_PER_SECOND);
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end; i++) {
    if (i % 2 === 0) {
      posts++;
      pending.push(timed('/api/forumpost/CreatePost', { title: `Writer's post ${i}`, text: `Written while others read, number ${i}.`, type: 'post' }));
    } else {
      toggles++;
      pending.push(timed(`/api/scenarios/togglefavourite/${firstId + Math.floor(r() * (lastId - firstId + 1))}`, {}));
    }
    await new Promise((res) => setTimeout(res, interval));
  }
  await Promise.all(pending);
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 10) / 10;
  process.send?.({ posts, toggles, failed, p50: at(0.5), p99: at(0.99), firstError } satisfies WriterReport);
}

// ---------------------------------------------------------------- the floor
interface Recorded {
  sql: string;
  params: unknown[];
}

/**
 * The SELECTs that each of `urls` runs, recorded through an in-process app on the database of `env`
 * with the list cache off and SQLite reads on this thread.
 */
async function recordQueries(env: Record<string, string>, cookies: { user: string; admin: string }, urls: { url: string; admin: boolean }[]): Promise<Recorded[][]> {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const SQLiteClass = (await import('better-sqlite3')).default;
  const pg = (await import('pg')).default;
  let current: Recorded[] | null = null;
  const probe = new SQLiteClass(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const restore: (() => void)[] = [];
  for (const method of ['all', 'get']) {
    const original = statementProto[method];
    statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
      current?.push({ sql: this.source, params: (args.length === 1 && Array.isArray(args[0]) ? args[0] : args) as unknown[] });
      return original.apply(this, args);
    };
    restore.push(() => (statementProto[method] = original));
  }
  const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const originalQuery = clientProto.query;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    const [text, values] = args as [unknown, unknown];
    const sql = typeof text === 'string' ? text : (text as { text?: string })?.text;
    if (current && sql) current.push({ sql, params: (Array.isArray(values) ? values : (text as { values?: unknown[] })?.values) ?? [] });
    return originalQuery.apply(this, args);
  };
  restore.push(() => (clientProto.query = originalQuery));

  const app = await buildApp(
    loadConfig({ ...process.env, ...env, LIST_CACHE: 'off', SQLITE_READ_THREADS: '0' }, { serveClient: false, runWorker: false, logLevel: 'silent' }),
  );
  const out: Recorded[][] = [];
  try {
    for (const u of urls) {
      current = [];
      const res = await app.inject({ method: 'GET', url: u.url, headers: { cookie: u.admin ? cookies.admin : cookies.user } });
      if (res.statusCode !== 200) throw new Error(`floor: ${u.url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      out.push(current.filter((q) => /^\s*(select|with)\b/i.test(q.sql)));
      current = null;
    }
  } finally {
    current = null;
    await app.close();
    for (const r of restore) r();
  }
  return out;
}

/** Requests a second when each request's recorded queries run one after another straight on the database. */
async function floorRate(kind: 'sqlite' | 'postgres', target: string, requests: Recorded[][]): Promise<number> {
  if (kind === 'sqlite') {
    const raw = (await openRaw(target)) as SQLite.Database;
    const stmts = new Map<string, SQLite.Statement>();
    const run = () => {
      for (const req of requests) for (const q of req) {
        let s = stmts.get(q.sql);
        if (!s) stmts.set(q.sql, (s = raw.prepare(q.sql)));
        s.all(...(q.params as unknown[]));
      }
    };
    run();
    const start = performance.now();
    run();
    run();
    const ms = performance.now() - start;
    raw.close();
    return (2 * requests.length) / (ms / 1000);
  }
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  const run = async () => {
    for (const req of requests) for (const q of req) await client.query({ text: q.sql, values: q.params, name: undefined });
  };
  await run();
  const start = performance.now();
  await run();
  await run();
  const ms = performance.now() - start;
  await client.end();
  return (2 * requests.length) / (ms / 1000);
}

// ---------------------------------------------------------------- the bench
interface Row {
  database: string;
  run: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  'of health': string;
  floor?: string;
  note?: string;
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mix-bench-'));
  const dataDir = path.join(work, 'data');
  const children: ChildProcess[] = [];
  const rows: Row[] = [];
  const failures: string[] = [];
  let pgCreated = false;
  const pgDbUrl = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${PG_DB}`;
  const cleanup = () => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => (cleanup(), process.exit(130)));
  try {
    // ------------------------------------------------ seed SQLite
    const { openDatabase } = await import('../src/server/db/connection.js');
    const { migrateToLatest } = await import('../src/server/db/migrate.js');
    const handle = openDatabase({ dataDir, readThreads: 0 });
    await migrateToLatest(handle.db);
    const baseRows = await createBaseRows(handle.db, { username: USERNAME, password: PASSWORD });
    const sqliteFile = path.join(dataDir, 'community.sqlite');
    const raw = (await openRaw(sqliteFile)) as SQLite.Database;
    const seeder = await createSeeder(raw, baseRows, { maxPosts: POSTS });
    const seeded: Seeded = seeder.seed(BIG, POSTS);
    const { firstId, lastId } = seeder.state.scenarios;
    // Readers: enabled, verified members (they sign in like anyone).
    const members = (raw.prepare(`SELECT username FROM users WHERE enabled = 1 AND email_verified = 1 AND username LIKE 'member%' ORDER BY id LIMIT ?`).all(USERS) as { username: string }[]).map((r) => r.username);
    raw.close();
    await handle.close();
    console.log(`Seeded ${seeded.scenarios.count} scenarios, ${seeded.posts.count} posts, ${seeded.users.count} users, ${seeded.groups.count} groups in ${seeded.seconds.toFixed(1)} s`);

    // ------------------------------------------------ one database's runs
    async function startServers(n: number, env: Record<string, string>): Promise<{ bases: string[]; servers: ChildProcess[] }> {
      const started = Array.from({ length: n }, () => child<{ port: number }>(['--server'], env));
      for (const s of started) children.push(s.child);
      const ports = await Promise.all(started.map((s) => s.ready));
      return { bases: ports.map((p) => `http://127.0.0.1:${p.port}`), servers: started.map((s) => s.child) };
    }
    async function signIn(base: string, username: string): Promise<string> {
      const res = await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ username, password: PASSWORD }) });
      if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
      return res.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
    }
    async function totalsOf(base: string, cookie: string, adminCookie: string): Promise<Totals> {
      const get = async (url: string, c = cookie) => {
        const res = await fetch(`${base}${url}`, { headers: { cookie: c } });
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        const body = (await res.json()) as { total?: number; count?: number };
        return body.total ?? body.count ?? 0;
      };
      return {
        scenarios: await get('/api/scenarios/0/10/-1/-1/-1'),
        feed: await get('/api/forumpost/GetPosts/0/5/-1'),
        group: await get('/api/forumgroup/GetGroupPosts/1?offset=0&count=5'),
        groups: await get('/api/search/searchgroups/0/20/-1'),
        users: await get('/api/users/0/100/-1', adminCookie),
      };
    }

    /** Readers on `bases` (connections split between them), each request from a user drawn at random. */
    async function read(bases: string[], cookies: string[][], lists: ListDef[], seconds: number, totals: Totals, adminCookies: string[]) {
      const results = await Promise.all(
        bases.map((base, b) => {
          const r = prng(1000 + b);
          return autocannon({
            url: base,
            connections: Math.ceil(CONNECTIONS / bases.length),
            duration: seconds,
            requests: [
              {
                setupRequest: (req) => {
                  const list = lists[Math.floor(r() * lists.length)];
                  const cookie = list.admin ? adminCookies[b] : cookies[b][Math.floor(r() * cookies[b].length)];
                  return { ...req, method: 'GET', path: list.url(r, totals), headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } };
                },
              },
            ],
          });
        }),
      );
      return {
        rate: results.reduce((a, x) => a + x.requests.average, 0),
        p50: Math.max(...results.map((x) => x.latency.p50)),
        p99: Math.max(...results.map((x) => x.latency.p99)),
        bad: results.reduce((a, x) => a + x.non2xx + x.errors + x.timeouts, 0),
      };
    }

    async function health(base: string) {
      const h = await autocannon({ url: `${base}/api/health`, connections: CONNECTIONS, duration: Math.max(2, SECONDS / 2) });
      return h.requests.average;
    }

    async function writer(base: string, cookie: string, seconds: number): Promise<WriterReport> {
      const w = child<WriterReport>(['--writer', base, cookie, String(seconds), String(firstId), String(lastId)]);
      children.push(w.child);
      return w.ready;
    }

    /**
     * One database's runs. `lists`: each list alone against its raw-query floor (the targets for a
     * list hold on SQLite; on PostgreSQL the rows show where the mix's time goes). `cache`: the mix
     * again with the list cache on, and the fixed-URL cache hit.
     */
    async function runDatabase(label: string, kind: 'sqlite' | 'postgres', env: Record<string, string>, processes: number, runs: { lists: boolean; cache: boolean }) {
      const off = await startServers(processes, { ...env, LIST_CACHE: 'off' });
      const cookies = await Promise.all(off.bases.map((b) => Promise.all(members.map((m) => signIn(b, m)))));
      const adminCookies = await Promise.all(off.bases.map((b) => signIn(b, USERNAME)));
      const writerCookie = await signIn(off.bases[0], 'owner_a');
      const totals = await totalsOf(off.bases[0], cookies[0][0], adminCookies[0]);
      // Warm up: every list once through, so the first run does not pay for cold pages.
      await read(off.bases, cookies, LISTS, 2, totals, adminCookies);
      const healthRate = await health(off.bases[0]);
      rows.push({ database: label, run: 'GET /api/health', 'req/s': Math.round(healthRate), 'p50 ms': 0, 'p99 ms': 0, 'non-2xx': 0, 'of health': '100 %' });

      const floors = new Map<string, number>();
      if (runs.lists) {
        // The floor: each list's sample URLs, their queries recorded and replayed straight on the database.
        const r = prng(99);
        for (const list of LISTS) {
          const urls = Array.from({ length: FLOOR_SAMPLES }, () => ({ url: list.url(r, totals), admin: !!list.admin }));
          const recorded = await recordQueries(env, { user: cookies[0][0], admin: adminCookies[0] }, urls);
          floors.set(list.name, await floorRate(kind, kind === 'sqlite' ? sqliteFile : env.DATABASE_URL, recorded));
        }
        for (const list of LISTS) {
          const res = await read(off.bases, cookies, [list], SECONDS, totals, adminCookies);
          const share = res.rate / healthRate;
          const floor = floors.get(list.name)!;
          rows.push({ database: label, run: list.name, 'req/s': Math.round(res.rate), 'p50 ms': res.p50, 'p99 ms': res.p99, 'non-2xx': res.bad, 'of health': pct(share), floor: `${pct(res.rate / floor)} of ${Math.round(floor)}` });
          if (res.bad) failures.push(`${label} ${list.name}: ${res.bad} answers not 2xx`);
          if (kind !== 'sqlite') continue;
          if (share < LIST_SHARE_OF_HEALTH) failures.push(`${label} ${list.name}: ${pct(share)} of /api/health, target at least ${pct(LIST_SHARE_OF_HEALTH)}`);
          if (res.p99 > LIST_P99_MS) failures.push(`${label} ${list.name}: p99 ${res.p99} ms, target at most ${LIST_P99_MS} ms`);
          if (res.rate / floor < FLOOR_SHARE) failures.push(`${label} ${list.name}: ${pct(res.rate / floor)} of its raw-query floor (${Math.round(floor)} req/s), target at least ${pct(FLOOR_SHARE)}`);
        }
      }

      // The writer on an idle server, then during the mix; first once through, as the readers were,
      // so neither run pays for the server's first post and toggle.
      await writer(off.bases[0], writerCookie, 1);
      const idle = await writer(off.bases[0], writerCookie, IDLE_WRITER_SECONDS);
      rows.push({ database: label, run: `writer alone (${WRITES_PER_SECOND} posts/s + ${WRITES_PER_SECOND} favourites/s)`, 'req/s': Math.round((idle.posts + idle.toggles) / IDLE_WRITER_SECONDS), 'p50 ms': idle.p50, 'p99 ms': idle.p99, 'non-2xx': idle.failed, 'of health': '' });
      const [mix, during] = await Promise.all([read(off.bases, cookies, LISTS, WRITER_SECONDS, totals, adminCookies), writer(off.bases[0], writerCookie, WRITER_SECONDS)]);
      const mixShare = mix.rate / healthRate;
      rows.push({ database: label, run: `mix of every list, ${USERS} users, with the writer`, 'req/s': Math.round(mix.rate), 'p50 ms': mix.p50, 'p99 ms': mix.p99, 'non-2xx': mix.bad, 'of health': pct(mixShare) });
      rows.push({ database: label, run: `writer during the mix (${during.posts + during.toggles} calls)`, 'req/s': Math.round((during.posts + during.toggles) / WRITER_SECONDS), 'p50 ms': during.p50, 'p99 ms': during.p99, 'non-2xx': during.failed, 'of health': '', note: `idle p99 ${idle.p99} ms` });
      if (mix.bad) failures.push(`${label} mix: ${mix.bad} answers not 2xx`);
      if (during.failed || idle.failed) failures.push(`${label} writer: ${during.failed + idle.failed} calls failed (${during.firstError ?? idle.firstError})`);
      if (kind === 'sqlite' && mixShare < MIX_SHARE_OF_HEALTH) failures.push(`${label} mix: ${pct(mixShare)} of /api/health, target at least ${pct(MIX_SHARE_OF_HEALTH)}`);
      if (mix.p99 > MIX_P99_MS) failures.push(`${label} mix: p99 ${mix.p99} ms, target at most ${MIX_P99_MS} ms`);
      if (during.p99 > WRITER_P99_MS) failures.push(`${label} writer during the mix: p99 ${during.p99} ms, target at most ${WRITER_P99_MS} ms`);
      if (during.p99 > 3 * Math.max(idle.p99, 2)) failures.push(`${label} writer during the mix: p99 ${during.p99} ms, more than 3x its idle p99 (${idle.p99} ms)`);
      for (const s of off.servers) await stopChild(s);

      if (runs.cache) {
        // The same mix with the cache on: its hit rate; and the one fixed URL a cache answers.
        const on = await startServers(processes, { ...env, LIST_CACHE: 'on' });
        const onCookies = await Promise.all(on.bases.map((b) => Promise.all(members.map((m) => signIn(b, m)))));
        const onAdmin = await Promise.all(on.bases.map((b) => signIn(b, USERNAME)));
        const onWriter = await signIn(on.bases[0], 'owner_a');
        await read(on.bases, onCookies, LISTS, 2, totals, onAdmin);
        await nextMessage(on.servers[0], { cmd: 'stats' });
        const [cached, cachedWriter] = await Promise.all([read(on.bases, onCookies, LISTS, SECONDS, totals, onAdmin), writer(on.bases[0], onWriter, SECONDS)]);
        const stats = await nextMessage<{ hits: number; reads: number }>(on.servers[0], { cmd: 'stats' });
        const hitRate = stats.hits / Math.max(1, stats.hits + stats.reads);
        rows.push({ database: label, run: 'mix with the writer, list cache on', 'req/s': Math.round(cached.rate), 'p50 ms': cached.p50, 'p99 ms': cached.p99, 'non-2xx': cached.bad, 'of health': pct(cached.rate / healthRate), note: `cache hits ${pct(hitRate)}; writer p99 ${cachedWriter.p99} ms` });
        const fixed = await autocannon({ url: `${on.bases[0]}/api/scenarios/0/10/-1/-1/-1`, connections: CONNECTIONS, duration: Math.max(2, SECONDS / 2), headers: { cookie: onCookies[0][0] } });
        rows.push({ database: label, run: 'cache hit: library page 0, one fixed URL', 'req/s': Math.round(fixed.requests.average), 'p50 ms': fixed.latency.p50, 'p99 ms': fixed.latency.p99, 'non-2xx': fixed.non2xx, 'of health': pct(fixed.requests.average / healthRate) });
        for (const s of on.servers) await stopChild(s);
      }
    }

    await runDatabase('SQLite', 'sqlite', { DATA_DIR: dataDir, SEED_DEMO: 'false' }, 1, { lists: true, cache: true });

    if (WITH_PG) {
      await createPgDatabase(PG_ADMIN_URL, PG_DB);
      pgCreated = true;
      const pgHandle = openDatabase({ databaseUrl: pgDbUrl, dataDir });
      await migrateToLatest(pgHandle.db);
      await pgHandle.close();
      const start = performance.now();
      await copyToPostgres(sqliteFile, pgDbUrl);
      console.log(`Copied to PostgreSQL in ${((performance.now() - start) / 1000).toFixed(1)} s`);
      const pgEnv = { DATABASE_URL: pgDbUrl, DATA_DIR: path.join(work, 'pg-data'), SEED_DEMO: 'false', SESSION_SECRET: 'mix-bench-secret-mix-bench-secret' };
      await runDatabase('PostgreSQL, 1 process', 'postgres', pgEnv, 1, { lists: true, cache: false });
      await runDatabase('PostgreSQL, 2 processes', 'postgres', pgEnv, 2, { lists: false, cache: false });
    }
  } finally {
    for (const c of children) await stopChild(c);
    if (pgCreated) await dropPgDatabase(PG_ADMIN_URL, PG_DB);
    fs.rmSync(work, { recursive: true, force: true });
  }

  console.log(`\nMixed use at ${BIG} scenarios and ${POSTS} posts, ${USERS} users on ${CONNECTIONS} connections, list cache off unless said, ${SECONDS} s a run:`);
  console.table(rows);
  if (failures.length) {
    console.error(`\n${failures.length} target(s) missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\nEvery target met.');
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--server') await runServer();
else if (mode === '--writer') await runWriter(args[0], args[1], Number(args[2]), Number(args[3]), Number(args[4]));
else await main();
