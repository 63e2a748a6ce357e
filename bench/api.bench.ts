// API throughput and latency on a large library and feed (issues: the scenario library and the feed
// must stay fast at 100 000 rows). Starts the real server (buildApp on a temp data dir, SQLite,
// loopback port) in a child process, signs in through POST /api/auth, seeds the database directly
// (batched transactions of raw better-sqlite3 prepared statements on the same file; the FTS5 index
// is filled by the migration's triggers, search_text is built like refreshSearchText does) and
// drives each call with autocannon (10 connections, BENCH_SECONDS each, default 6):
//   - 1 000 scenarios, then BENCH_SCENARIOS (default 100 000) scenarios, all public and processed,
//     with varied names, descriptions, tags, ages, conditions and dates, owned by a few users:
//       /api/health (baseline), the library list GET /api/scenarios/0/10/-1/-1/-1, a filtered list
//       (adult, deteriorating, one tag) and a full-text search for a word in ~0.3 % of the rows;
//   - BENCH_POSTS (default 100 000) forum posts: /api/health, the feed GET /api/forumpost/GetPosts/0/5/-1
//     and site search GET /api/search/searchposts/0/20/{term} (issue 12) for a rare word (~0.3 %), a
//     common one found in titles and texts (ranked), and two common words together.
// Reports requests/s, p50 and p99 latency. Budgets: every response 2xx (no errors or timeouts), each
// call's `total` (`count`) equals the number of rows seeded to match, and p99 of the list, search and feed
// calls at the large size at most 500 ms. Exits 1 when a budget fails. The queries each call runs,
// their EXPLAIN QUERY PLAN and time on their own are printed for a call over budget, or for every
// call with BENCH_EXPLAIN=1. Autocannon shares the machine with the server, so absolute req/s are
// a floor.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SMALL = 1_000;
const BIG = Number(process.env.BENCH_SCENARIOS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const EXPLAIN_ALL = ['1', 'true', 'yes'].includes((process.env.BENCH_EXPLAIN ?? '').toLowerCase());
/** p99 budget of the list, search and feed calls at the large size. */
const P99_BUDGET_MS = 500;
const USERNAME = 'bench';
const PASSWORD = 'Passw0rdA';
/** A word in about 0.3 % of the scenario descriptions: a few hundred matches at 100 000. */
const SEARCH_WORD = 'hyperkalaemia';
const SEARCH_SHARE = 0.003;
/** The filtered list: adult (2), deteriorating (1) and this tag. */
const FILTER_AGE = 2;
const FILTER_CONDITION = 1;
const FILTER_TAG = 'Sepsis';
const BATCH = 5_000;
/** Site search over posts: a rare word, a common one in titles and texts, and two words together. */
const POST_SEARCHES = [
  { term: 'hyperkal', match: /\bhyperkal/i },
  { term: 'debrief', match: /\bdebrief/i },
  { term: 'rural setting', match: /\brural\b[^]*\bsetting|\bsetting[^]*\brural\b/i },
];

// ---------------------------------------------------------------- messages between bench and server
type Request =
  | { cmd: 'seedScenarios'; total: number }
  | { cmd: 'seedPosts'; total: number }
  | { cmd: 'explain'; url: string; cookie: string }
  | { cmd: 'stop' };
interface Ready {
  port: number;
  filterTagId: number;
}
interface ScenarioSeed {
  count: number;
  seconds: number;
  searchMatches: number;
  filterMatches: number;
}
interface PostSeed {
  count: number;
  seconds: number;
  feedMatches: number;
  /** Visible posts matching each of POST_SEARCHES. */
  searchMatches: number[];
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

// ---------------------------------------------------------------- data
/** Deterministic so two runs seed the same rows (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPENERS = ['Acute', 'Suspected', 'Severe', 'Mild', 'Recurrent', 'Atypical', 'Complicated', 'Early', 'Late', 'Undifferentiated', 'Post-operative', 'Evolving'];
const PROBLEMS = [
  'chest pain', 'sepsis', 'asthma', 'stroke', 'bradycardia', 'tachycardia', 'hypotension', 'respiratory distress', 'seizure', 'overdose',
  'haemorrhage', 'pneumonia', 'heart failure', 'head injury', 'burns', 'diabetic ketoacidosis', 'pulmonary embolism', 'croup',
  'bronchiolitis', 'meningitis', 'pneumothorax', 'hypothermia', 'drowning', 'choking', 'anaphylactic shock', 'VF arrest',
];
const SETTINGS = [
  'in the emergency department', 'on the ward', 'at home', 'in the ambulance', 'in theatre', 'in the ICU', 'at a sports event',
  'in a rural clinic', 'on the maternity unit', 'in the waiting room', 'during transfer', 'in a nursing home',
];
const PATIENTS = [
  'A 62-year-old man', 'A 7-year-old girl', 'A 3-day-old baby', 'A woman at 34 weeks', 'An 84-year-old woman', 'A 19-year-old student',
  'A 45-year-old builder', 'A 2-year-old boy', 'A term newborn', 'A 71-year-old smoker',
];
const FINDINGS = [
  'presents with worsening breathlessness', 'collapses suddenly', 'has a falling blood pressure', 'is drowsy and confused',
  'complains of palpitations', 'has a rising lactate', 'stops breathing', 'has a new murmur', 'is pale and clammy', 'has a high fever',
];
const EXTRAS = [
  'Focus on structured handover.', 'Practise closed-loop communication.', 'Escalate early and call for help.', 'Includes labs and a 12-lead ECG.',
  'Debrief points are included.', 'Suitable for interprofessional teams.', 'Runs for about fifteen minutes.', 'Needs a second facilitator.',
];
const EXTENSIONS = ['.isims', '.isims', '.alsi', '.ctgi', '.json'];
const POST_TITLES = [
  'New sepsis scenario for the ED team', 'Tips for running neonatal sims', 'Debrief structure that works', 'Looking for a trauma case',
  'Our first in-situ simulation', 'Question about ECG rhythms', 'Shared a paediatric asthma case', 'Faculty development day',
];
const POST_TEXTS = [
  'We ran this with six participants and it worked well; feedback welcome.', 'Has anyone adapted this for a rural setting?',
  'Attached the files we used last week, including the debrief notes.', 'Great session today, thanks to everyone who joined.',
  'Short post: the monitor settings are in the scenario description.', 'We changed the timings so the deterioration comes earlier.',
];

// ---------------------------------------------------------------- server side (child process)
async function runServer(dataDir: string) {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { hashPassword } = await import('../src/server/features/auth/service.js');
  const { storageKeyFor } = await import('../src/server/features/scenarios/service.js');
  const { DEMO_TAGS } = await import('../src/server/db/seed/tags.js');
  const { uuid } = await import('../src/server/lib/crypto.js');
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

  // Users: the bench's own account (signs in) and four owners, most scenarios by the first.
  const passwordHash = await hashPassword(PASSWORD);
  const userIds: number[] = [];
  for (const username of [USERNAME, 'owner_a', 'owner_b', 'owner_c', 'owner_d']) {
    const row = await app.db
      .insertInto('users')
      .values({
        uuid_id: uuid(),
        first_name: username === USERNAME ? 'Bench' : 'Owner',
        last_name: username,
        username,
        email: `${username}@example.test`,
        password_hash: passwordHash,
        mobile_phone: null,
        role: 1,
        enabled: 1,
        email_verified: 1,
        can_provision: 0,
        is_pre_release: 0,
        organisation_id: null,
        distributor_id: 1,
        last_login: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const owners = userIds.slice(1);
  const ownerWeights = [0.5, 0.25, 0.15, 0.1];
  const tags = await app.db.insertInto('tags').values(DEMO_TAGS.map((title) => ({ title }))).returning(['id', 'title']).execute();
  const filterTagId = tags.find((t) => t.title === FILTER_TAG)!.id;

  // A second connection on the same file for seeding and explaining (WAL: the app's stays open).
  const raw = new SQLite(path.join(dataDir, 'community.sqlite'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');

  const rand = prng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const owner = () => {
    let r = rand();
    for (let i = 0; i < owners.length; i++) if ((r -= ownerWeights[i]) < 0) return owners[i];
    return owners[0];
  };

  const insertScenario = raw.prepare(`INSERT INTO scenarios (uuid_id, name, description, device_id, patient_age, patient_condition,
    patient_sex, patient_photo_code, file_key, file_name, file_size, privacy_level, is_processed, processing_error, contributed_by,
    contributed_at, num_downloads, duration_in_seconds, num_checklist_items, num_events, has_images, has_video, has_sounds, has_labs,
    unicode_language_identifier, directory_id, search_text)
    VALUES (@uuid_id, @name, @description, @device_id, @patient_age, @patient_condition, @patient_sex, @patient_photo_code, @file_key,
    @file_name, @file_size, 2, 1, NULL, @contributed_by, @contributed_at, @num_downloads, @duration_in_seconds, @num_checklist_items,
    @num_events, @has_images, @has_video, @has_sounds, @has_labs, @unicode_language_identifier, NULL, @search_text)`);
  const insertScenarioTag = raw.prepare('INSERT INTO scenario_tags (scenario_id, tag_id) VALUES (?, ?)');
  const scenarioState = { count: 0, searchMatches: 0, filterMatches: 0, firstId: 0, lastId: 0 };
  const THREE_YEARS = 3 * 365 * 86400_000;
  const seedStart = Date.now();

  const scenarioBatch = raw.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const name = `${pick(OPENERS)} ${pick(PROBLEMS)} ${pick(SETTINGS)}`;
      const hasWord = rand() < SEARCH_SHARE;
      const description = `${hasWord ? 'Hyperkalaemia on the first bloods. ' : ''}${pick(PATIENTS)} ${pick(FINDINGS)}. ${pick(EXTRAS)}`.slice(0, 200);
      const age = Math.floor(rand() * 3);
      const condition = Math.floor(rand() * 3);
      const tagIds = new Set<number>();
      const tagCount = 1 + Math.floor(rand() * 3);
      while (tagIds.size < tagCount) tagIds.add(pick(tags).id);
      const sortedTags = [...tagIds].sort((a, b) => a - b);
      const uuidId = uuid();
      const fileName = `${name.replace(/[^\w -]+/g, '')}${pick(EXTENSIONS)}`;
      // As refreshSearchText builds it: name, description and tag titles.
      const searchText = [name, description, ...sortedTags.map((id) => tags.find((t) => t.id === id)!.title)].join(' ');
      const { lastInsertRowid } = insertScenario.run({
        uuid_id: uuidId,
        name,
        description,
        device_id: 1 + Math.floor(rand() * 34),
        patient_age: age,
        patient_condition: condition,
        patient_sex: rand() < 0.5 ? 'male' : 'female',
        patient_photo_code: 1 + Math.floor(rand() * 104),
        file_key: storageKeyFor(uuidId, fileName),
        file_name: fileName,
        file_size: 20_000 + Math.floor(rand() * 5_000_000),
        contributed_by: owner(),
        contributed_at: new Date(seedStart - Math.floor(rand() * THREE_YEARS)).toISOString(),
        num_downloads: Math.floor(rand() * 500),
        duration_in_seconds: Math.floor(rand() * 1800),
        num_checklist_items: Math.floor(rand() * 20),
        num_events: Math.floor(rand() * 40),
        has_images: rand() < 0.4 ? 1 : 0,
        has_video: rand() < 0.2 ? 1 : 0,
        has_sounds: rand() < 0.3 ? 1 : 0,
        has_labs: rand() < 0.5 ? 1 : 0,
        unicode_language_identifier: pick(['en-GB', 'en-US', 'de-DE', 'fr-FR']),
        search_text: searchText,
      });
      const id = Number(lastInsertRowid);
      for (const tagId of sortedTags) insertScenarioTag.run(id, tagId);
      scenarioState.firstId ||= id;
      scenarioState.lastId = id;
      scenarioState.count++;
      if (hasWord) scenarioState.searchMatches++;
      if (age === FILTER_AGE && condition === FILTER_CONDITION && tagIds.has(filterTagId)) scenarioState.filterMatches++;
    }
  });

  const insertPost = raw.prepare(
    'INSERT INTO posts (title, text, creator_id, group_id, status, type, created_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPostTag = raw.prepare('INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)');
  const insertPostScenario = raw.prepare('INSERT INTO post_scenarios (post_id, scenario_id) VALUES (?, ?)');
  const postState = { count: 0, feedMatches: 0, searchMatches: POST_SEARCHES.map(() => 0) };
  const postBatch = raw.transaction((n: number, total: number) => {
    // Posts are stamped now() when created, so created_at follows the id: spread over two years.
    const span = 2 * 365 * 86400_000;
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.now() - span + Math.floor((postState.count / total) * span)).toISOString();
      const groupId = rand() < 0.03 ? 1 + Math.floor(rand() * 5) : null;
      const status = rand() < 0.02 ? 0 : 1;
      const deletedAt = rand() < 0.02 ? at : null;
      const withScenario = scenarioState.count > 0 && rand() < 0.1;
      const title = pick(POST_TITLES);
      const text = `${pick(POST_TEXTS)}${rand() < SEARCH_SHARE ? ' Hyperkalaemia on the repeat bloods.' : ''}`;
      const { lastInsertRowid } = insertPost.run(title, text, pick(userIds), groupId, status, withScenario ? 'scenario' : 'post', at, deletedAt);
      const id = Number(lastInsertRowid);
      if (withScenario) insertPostScenario.run(id, scenarioState.firstId + Math.floor(rand() * (scenarioState.lastId - scenarioState.firstId + 1)));
      if (rand() < 0.3) {
        const first = pick(tags).id;
        insertPostTag.run(id, first);
        const second = pick(tags).id;
        if (rand() < 0.3 && second !== first) insertPostTag.run(id, second);
      }
      postState.count++;
      if (groupId === null && status === 1 && deletedAt === null) {
        postState.feedMatches++;
        POST_SEARCHES.forEach((q, n) => {
          if (q.match.test(`${title} ${text}`)) postState.searchMatches[n]++;
        });
      }
    }
  });

  function seed(state: { count: number }, target: number, batch: (n: number) => void) {
    const start = performance.now();
    while (state.count < target) batch(Math.min(BATCH, target - state.count));
    raw.pragma('wal_checkpoint(TRUNCATE)');
    return (performance.now() - start) / 1000;
  }

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
      case 'seedScenarios': {
        const seconds = seed(scenarioState, msg.total, scenarioBatch);
        return { count: scenarioState.count, seconds, searchMatches: scenarioState.searchMatches, filterMatches: scenarioState.filterMatches } satisfies ScenarioSeed;
      }
      case 'seedPosts': {
        const seconds = seed(postState, msg.total, (n) => postBatch(n, msg.total));
        return { count: postState.count, seconds, feedMatches: postState.feedMatches, searchMatches: postState.searchMatches } satisfies PostSeed;
      }
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

/** One reply from the server for one message (or the first message when none is sent). */
function call<T>(child: ChildProcess, msg?: Request): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      cleanup();
      const error = (m as { error?: string }).error;
      if (error) reject(new Error(`server: ${error}`));
      else resolve(m as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`server exited (${code})`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (msg) child.send(msg);
  });
}

interface Row {
  data: string;
  endpoint: string;
  total: number | string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
}

const fmt = (n: number) => n.toLocaleString('en-GB').replace(/,/g, ' ');

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  let child: ChildProcess | undefined;
  const cleanupOnSignal = () => {
    child?.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', cleanupOnSignal);
  process.once('SIGTERM', cleanupOnSignal);
  const rows: Row[] = [];
  const failures: string[] = [];
  try {
    child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--server', path.join(work, 'data')], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { port, filterTagId } = await call<Ready>(child);
    const base = `http://127.0.0.1:${port}`;

    const auth = await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: USERNAME, password: PASSWORD }) });
    if (auth.status !== 200) throw new Error(`sign-in failed: ${auth.status} ${await auth.text()}`);
    const sid = auth.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (!sid) throw new Error('sign-in set no session cookie');
    const cookie = sid.split(';')[0];

    /** One plain request: checks the status and returns the call's `total` (`count` for search). */
    async function probe(url: string): Promise<number | undefined> {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
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

    async function measure(data: string, name: string, url: string, opts: { expectTotal?: number; budget?: boolean }) {
      const total = await probe(url);
      if (opts.expectTotal !== undefined && total !== opts.expectTotal) {
        failures.push(`${data} ${name}: total ${total}, expected ${opts.expectTotal} (the seeded rows are not all found)`);
      }
      const r = await autocannon({ url: `${base}${url}`, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
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
      console.log(`  ${name.padEnd(34)} ${String(row['req/s']).padStart(6)} req/s  p50 ${String(row['p50 ms']).padStart(4)} ms  p99 ${String(row['p99 ms']).padStart(4)} ms${bad ? `  ${bad} failed` : ''}`);
      if (bad) {
        const codes = Object.entries(r.statusCodeStats).map(([code, s]) => `${code}: ${s.count}`).join(', ');
        failures.push(`${data} ${name}: ${r.non2xx} non-2xx (${codes}), ${r.errors} errors, ${r.timeouts} timeouts`);
      }
      const over = opts.budget && r.latency.p99 > P99_BUDGET_MS;
      if (over) failures.push(`${data} ${name}: p99 ${Math.round(r.latency.p99)} ms > ${P99_BUDGET_MS} ms`);
      if (over || EXPLAIN_ALL) await explain(url);
    }

    // A short warm-up so the first measured call does not pay for JIT and the first page reads.
    await autocannon({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1, headers: { cookie } });

    let seedSeconds = 0;
    let seededBefore = 0;
    for (const size of [...new Set([SMALL, BIG])].sort((a, b) => a - b)) {
      const seeded = await call<ScenarioSeed>(child, { cmd: 'seedScenarios', total: size });
      seedSeconds += seeded.seconds;
      const added = seeded.count - seededBefore;
      seededBefore = seeded.count;
      const data = `${fmt(seeded.count)} scenarios`;
      console.log(`\n${data} (seeded ${fmt(added)} in ${seeded.seconds.toFixed(1)} s; ${seeded.searchMatches} match "${SEARCH_WORD}", ${seeded.filterMatches} the filter)`);
      const budget = size === BIG;
      await measure(data, 'GET /api/health', '/api/health', {});
      await measure(data, 'list /api/scenarios/0/10/-1/-1/-1', '/api/scenarios/0/10/-1/-1/-1', { expectTotal: seeded.count, budget });
      await measure(data, `filtered (age ${FILTER_AGE}, cond ${FILTER_CONDITION}, tag ${filterTagId})`, `/api/scenarios/0/10/${FILTER_AGE}/${FILTER_CONDITION}/${filterTagId}`, {
        expectTotal: seeded.filterMatches,
        budget,
      });
      await measure(data, `search "${SEARCH_WORD}"`, `/api/scenarios/0/10/-1/-1/${SEARCH_WORD}/-1`, { expectTotal: seeded.searchMatches, budget });
    }

    const posts = await call<PostSeed>(child, { cmd: 'seedPosts', total: POSTS });
    const data = `${fmt(posts.count)} posts`;
    console.log(`\n${data} (seeded in ${posts.seconds.toFixed(1)} s; ${posts.feedMatches} in the public feed)`);
    await measure(data, 'GET /api/health', '/api/health', {});
    await measure(data, 'feed /api/forumpost/GetPosts/0/5/-1', '/api/forumpost/GetPosts/0/5/-1', { expectTotal: posts.feedMatches, budget: true });
    for (const [n, q] of POST_SEARCHES.entries()) {
      await measure(data, `search posts "${q.term}"`, `/api/search/searchposts/0/20/${encodeURIComponent(q.term)}`, { expectTotal: posts.searchMatches[n], budget: true });
    }

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per call; p99 budget ${P99_BUDGET_MS} ms for list, search and feed at the large size`);
    console.table(rows);
    console.log(`seeding: ${fmt(BIG)} scenarios in ${seedSeconds.toFixed(1)} s, ${fmt(POSTS)} posts in ${posts.seconds.toFixed(1)} s`);
    await call<never>(child, { cmd: 'stop' }).catch(() => undefined);
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const t = setTimeout(() => child!.kill('SIGKILL'), 5000);
        child!.once('exit', () => resolve(clearTimeout(t)));
        child!.kill('SIGTERM');
      });
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\napi bench failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

if (process.argv[2] === '--server') {
  await runServer(process.argv[3]);
} else {
  await main().catch((err) => {
    console.error(`api bench failed: ${(err as Error).stack ?? (err as Error).message}`);
    process.exit(1);
  });
}
