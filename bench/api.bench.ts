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
/** Share of posts in groups; most of them in group 1 (open), whose posts list is measured. */
const GROUP_POST_SHARE = 0.2;
const BIG_GROUP_SHARE = 0.8;
/** The user search: a first name given to about 2.5 % of the users. */
const USER_SEARCH = 'Priya';

// ---------------------------------------------------------------- messages between bench and server
type Request =
  | { cmd: 'seed'; total: number; posts: number }
  | { cmd: 'explain'; url: string; cookie: string }
  | { cmd: 'stop' };
interface Ready {
  port: number;
  filterTagId: number;
}
interface Seeded {
  seconds: number;
  scenarios: { count: number; searchMatches: number; filterMatches: number };
  posts: {
    count: number;
    feedMatches: number;
    /** Visible posts matching each of POST_SEARCHES. */
    searchMatches: number[];
    /** Approved, live posts of group 1. */
    groupMatches: number;
  };
  users: { count: number; searchMatches: number };
  groups: { count: number };
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
const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Noah', 'Fatima', 'Mohammed', 'Chloe', 'Lukas', 'Sofia', 'Mateo', 'Hannah', 'Yuki', 'Kwame', 'Aisha', 'Liam',
  'Emma', 'Jonas', 'Ines', 'Tomasz', 'Zara', 'Ravi', 'Elena', 'Samuel', 'Grace', 'Omar', 'Freya', 'Daniel', 'Leila', 'Arjun', 'Nina',
  'Felix', 'Maya', 'Ethan', 'Clara', 'Hugo', 'Ava', 'Leon', 'Isla', 'Theo', 'Mila',
];
const LAST_NAMES = [
  'Smith', 'Jones', 'Khan', 'Okafor', 'Müller', 'García', 'Rossi', 'Nowak', 'Kim', 'Nguyen', 'Dubois', 'Silva', 'Jansen', 'Larsen',
  'Costa', 'Patel', 'Ahmed', 'Brown', 'Taylor', 'Wilson', 'Evans', 'Murphy', 'Schmidt', 'Fischer', 'Moreau', 'Ricci', 'Novak',
];
const GROUP_TOPICS = ['Paediatric', 'Neonatal', 'Trauma', 'Obstetric', 'Rural', 'ICU', 'Anaesthesia', 'Paramedic', 'Nursing', 'Faculty'];
const GROUP_KINDS = ['simulation network', 'faculty circle', 'debrief club', 'case exchange', 'skills lab', 'study group'];
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
        // The bench's account is an admin (the admin user list); the owners are plain users.
        role: username === USERNAME ? 5 : 1,
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
  const postState = { count: 0, feedMatches: 0, searchMatches: POST_SEARCHES.map(() => 0), groupMatches: 0 };
  const postBatch = raw.transaction((n: number, total: number) => {
    // Posts are stamped now() when created, so created_at follows the id: spread over two years.
    const span = 2 * 365 * 86400_000;
    for (let i = 0; i < n; i++) {
      const at = new Date(seedStart - span + Math.floor((postState.count / Math.max(total, POSTS)) * span)).toISOString();
      const groupId = rand() < GROUP_POST_SHARE ? (rand() < BIG_GROUP_SHARE ? 1 : 2 + Math.floor(rand() * 4)) : null;
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
      if (groupId === 1 && status === 1 && deletedAt === null) postState.groupMatches++;
      if (groupId === null && status === 1 && deletedAt === null) {
        postState.feedMatches++;
        POST_SEARCHES.forEach((q, n) => {
          if (q.match.test(`${title} ${text}`)) postState.searchMatches[n]++;
        });
      }
    }
  });

  // Users: the five above, then people with varied names; USER_SEARCH is one first name in 40.
  const insertUser = raw.prepare(`INSERT INTO users (uuid_id, first_name, last_name, username, email, password_hash, mobile_phone, role,
    enabled, email_verified, can_provision, is_pre_release, organisation_id, distributor_id, last_login, created_at)
    VALUES (?, ?, ?, ?, ?, ?, NULL, 1, ?, ?, 0, 0, NULL, 1, ?, ?)`);
  const userState = { count: userIds.length, searchMatches: 0 };
  const userBatch = raw.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const first = rand() < 0.025 ? USER_SEARCH : pick(FIRST_NAMES);
      const last = `${pick(LAST_NAMES)}${rand() < 0.5 ? `-${pick(LAST_NAMES)}` : ''}`;
      const n = userState.count + 1;
      const at = new Date(seedStart - Math.floor(rand() * THREE_YEARS)).toISOString();
      insertUser.run(uuid(), first, last, `member${n}`, `member${n}@example.test`, passwordHash, rand() < 0.97 ? 1 : 0, rand() < 0.9 ? 1 : 0, rand() < 0.7 ? at : null, at);
      userState.count++;
      if (first === USER_SEARCH) userState.searchMatches++;
    }
  });

  // Groups: 1 to 5 hold the group posts (1 is open and big), then many small ones.
  const insertGroup = raw.prepare(`INSERT INTO forum_groups (name, description, membership_type, posting_type, creator_id, created_at, updated_at)
    VALUES (?, ?, ?, 'allowAll', ?, ?, ?)`);
  const groupState = { count: 0 };
  const groupBatch = raw.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const at = new Date(seedStart - Math.floor(rand() * THREE_YEARS)).toISOString();
      const name = `${pick(GROUP_TOPICS)} ${pick(GROUP_KINDS)} ${groupState.count + 1}`;
      const description = `${pick(EXTRAS)} ${pick(POST_TEXTS)}`;
      insertGroup.run(name, description, groupState.count === 0 || rand() < 0.6 ? 0 : 1, owner(), at, at);
      groupState.count++;
    }
  });

  function seed(state: { count: number }, target: number, batch: (n: number) => void) {
    const start = performance.now();
    while (state.count < target) batch(Math.min(BATCH, target - state.count));
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
      case 'seed': {
        // Groups first: posts of groups 1 to 5 refer to them.
        const seconds =
          seed(groupState, msg.total, groupBatch) +
          seed(scenarioState, msg.total, scenarioBatch) +
          seed(postState, msg.posts, (n) => postBatch(n, msg.posts)) +
          seed(userState, msg.total, userBatch);
        raw.pragma('wal_checkpoint(TRUNCATE)');
        return {
          seconds,
          scenarios: { count: scenarioState.count, searchMatches: scenarioState.searchMatches, filterMatches: scenarioState.filterMatches },
          posts: { count: postState.count, feedMatches: postState.feedMatches, searchMatches: postState.searchMatches, groupMatches: postState.groupMatches },
          users: { count: userState.count, searchMatches: userState.searchMatches },
          groups: { count: groupState.count },
        } satisfies Seeded;
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
function startChild<T>(args: string[], nodeFlags: string[] = []): { child: ChildProcess; ready: Promise<T> } {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return { child, ready: call<T>(child) };
}

async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => resolve(clearTimeout(t)));
    child.kill('SIGTERM');
  });
}

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
    const bareStart = startChild<{ port: number }>(['--bare']);
    bare = bareStart.child;
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
    const server = startChild<Ready>(['--server', path.join(work, 'data')], profile);
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
