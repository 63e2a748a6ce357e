// The bench data: a deterministic generator (same rows on every run) and the seeding of a real
// app's SQLite database at scale through batched transactions of raw better-sqlite3 prepared
// statements on a second connection to the same file (WAL: the app's connection stays open). The
// FTS5 indexes and the list versions are kept by the migrations' triggers; search_text is built as
// refreshSearchText builds it. Benches import it:
//   const base = await createBaseRows(app.db, { username, password });   // accounts and tags, through the app
//   const raw = await openRaw(path.join(dataDir, 'community.sqlite'));
//   const seeder = await createSeeder(raw, base, { maxPosts });
//   const seeded = seeder.seed(100_000, 100_000);                           // grows the tables to these counts
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/types.js';
import { registerSqliteFunctions } from '../src/server/db/sqlite-functions.js';

/** A word in about 0.3 % of the scenario descriptions: a few hundred matches at 100 000. */
export const SEARCH_WORD = 'hyperkalaemia';
export const SEARCH_SHARE = 0.003;
/** The filtered list: adult (2), deteriorating (1) and this tag. */
export const FILTER_AGE = 2;
export const FILTER_CONDITION = 1;
export const FILTER_TAG = 'Sepsis';
export const BATCH = 5_000;
/** Site search over posts: a rare word, a common one in titles and texts, and two words together. */
export const POST_SEARCHES = [
  { term: 'hyperkal', match: /\bhyperkal/i },
  { term: 'debrief', match: /\bdebrief/i },
  { term: 'rural setting', match: /\brural\b[^]*\bsetting|\bsetting[^]*\brural\b/i },
];
/** Share of posts in groups; most of them in group 1 (open), whose posts list is measured. */
export const GROUP_POST_SHARE = 0.2;
export const BIG_GROUP_SHARE = 0.8;
/** The user search: a first name given to about 2.5 % of the users. */
export const USER_SEARCH = 'Priya';

/** What `seed` reports: the rows seeded, and how many of them each measured list should find. */
export interface Seeded {
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

// ---------------------------------------------------------------- data
/** Deterministic so two runs seed the same rows (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const OPENERS = ['Acute', 'Suspected', 'Severe', 'Mild', 'Recurrent', 'Atypical', 'Complicated', 'Early', 'Late', 'Undifferentiated', 'Post-operative', 'Evolving'];
export const PROBLEMS = [
  'chest pain', 'sepsis', 'asthma', 'stroke', 'bradycardia', 'tachycardia', 'hypotension', 'respiratory distress', 'seizure', 'overdose',
  'haemorrhage', 'pneumonia', 'heart failure', 'head injury', 'burns', 'diabetic ketoacidosis', 'pulmonary embolism', 'croup',
  'bronchiolitis', 'meningitis', 'pneumothorax', 'hypothermia', 'drowning', 'choking', 'anaphylactic shock', 'VF arrest',
];
export const SETTINGS = [
  'in the emergency department', 'on the ward', 'at home', 'in the ambulance', 'in theatre', 'in the ICU', 'at a sports event',
  'in a rural clinic', 'on the maternity unit', 'in the waiting room', 'during transfer', 'in a nursing home',
];
export const PATIENTS = [
  'A 62-year-old man', 'A 7-year-old girl', 'A 3-day-old baby', 'A woman at 34 weeks', 'An 84-year-old woman', 'A 19-year-old student',
  'A 45-year-old builder', 'A 2-year-old boy', 'A term newborn', 'A 71-year-old smoker',
];
export const FINDINGS = [
  'presents with worsening breathlessness', 'collapses suddenly', 'has a falling blood pressure', 'is drowsy and confused',
  'complains of palpitations', 'has a rising lactate', 'stops breathing', 'has a new murmur', 'is pale and clammy', 'has a high fever',
];
export const EXTRAS = [
  'Focus on structured handover.', 'Practise closed-loop communication.', 'Escalate early and call for help.', 'Includes labs and a 12-lead ECG.',
  'Debrief points are included.', 'Suitable for interprofessional teams.', 'Runs for about fifteen minutes.', 'Needs a second facilitator.',
];
export const EXTENSIONS = ['.isims', '.isims', '.alsi', '.ctgi', '.json'];
export const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Noah', 'Fatima', 'Mohammed', 'Chloe', 'Lukas', 'Sofia', 'Mateo', 'Hannah', 'Yuki', 'Kwame', 'Aisha', 'Liam',
  'Emma', 'Jonas', 'Ines', 'Tomasz', 'Zara', 'Ravi', 'Elena', 'Samuel', 'Grace', 'Omar', 'Freya', 'Daniel', 'Leila', 'Arjun', 'Nina',
  'Felix', 'Maya', 'Ethan', 'Clara', 'Hugo', 'Ava', 'Leon', 'Isla', 'Theo', 'Mila',
];
export const LAST_NAMES = [
  'Smith', 'Jones', 'Khan', 'Okafor', 'Müller', 'García', 'Rossi', 'Nowak', 'Kim', 'Nguyen', 'Dubois', 'Silva', 'Jansen', 'Larsen',
  'Costa', 'Patel', 'Ahmed', 'Brown', 'Taylor', 'Wilson', 'Evans', 'Murphy', 'Schmidt', 'Fischer', 'Moreau', 'Ricci', 'Novak',
];
export const GROUP_TOPICS = ['Paediatric', 'Neonatal', 'Trauma', 'Obstetric', 'Rural', 'ICU', 'Anaesthesia', 'Paramedic', 'Nursing', 'Faculty'];
export const GROUP_KINDS = ['simulation network', 'faculty circle', 'debrief club', 'case exchange', 'skills lab', 'study group'];
export const POST_TITLES = [
  'New sepsis scenario for the ED team', 'Tips for running neonatal sims', 'Debrief structure that works', 'Looking for a trauma case',
  'Our first in-situ simulation', 'Question about ECG rhythms', 'Shared a paediatric asthma case', 'Faculty development day',
];
export const POST_TEXTS = [
  'We ran this with six participants and it worked well; feedback welcome.', 'Has anyone adapted this for a rural setting?',
  'Attached the files we used last week, including the debrief notes.', 'Great session today, thanks to everyone who joined.',
  'Short post: the monitor settings are in the scenario description.', 'We changed the timings so the deterioration comes earlier.',
];

/** The accounts and tags every seeded database starts with. */
export interface BaseRows {
  /** The signing-in account first, then the four owners of most content. */
  userIds: number[];
  tags: { id: number; title: string }[];
  filterTagId: number;
  passwordHash: string;
}

/**
 * Through the app's own database handle: the signing-in account (an admin, `username`), four plain
 * owners, and the demo tags.
 */
export async function createBaseRows(db: Kysely<Database>, opts: { username: string; password: string }): Promise<BaseRows> {
  const { hashPassword } = await import('../src/server/features/auth/service.js');
  const { DEMO_TAGS } = await import('../src/server/db/seed/tags.js');
  const { uuid } = await import('../src/server/lib/crypto.js');
  const passwordHash = await hashPassword(opts.password);
  // The signing-in account and four owners, most scenarios by the first.
  const userIds: number[] = [];
  for (const username of [opts.username, 'owner_a', 'owner_b', 'owner_c', 'owner_d']) {
    const signsIn = username === opts.username;
    const row = await db
      .insertInto('users')
      .values({
        uuid_id: uuid(),
        first_name: signsIn ? 'Bench' : 'Owner',
        last_name: username,
        username,
        email: `${username}@example.test`,
        password_hash: passwordHash,
        mobile_phone: null,
        // The bench's account is an admin (the admin user list); the owners are plain users.
        role: signsIn ? 5 : 1,
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
  const tags = await db.insertInto('tags').values(DEMO_TAGS.map((title) => ({ title }))).returning(['id', 'title']).execute();
  return { userIds, tags, filterTagId: tags.find((t) => t.title === FILTER_TAG)!.id, passwordHash };
}

/** A second connection to the app's SQLite file, set up for bulk writes beside the app's. */
export async function openRaw(file: string): Promise<SQLite.Database> {
  const Database = (await import('better-sqlite3')).default;
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');
  registerSqliteFunctions(raw);
  return raw;
}

export interface Seeder {
  /** Grow scenarios, users and groups to `total` rows each and posts to `posts` (never shrinks). */
  seed(total: number, posts: number): Seeded;
  /** The generator's own state: what has been seeded so far. */
  readonly state: {
    scenarios: { count: number; searchMatches: number; filterMatches: number; firstId: number; lastId: number };
    posts: { count: number; feedMatches: number; searchMatches: number[]; groupMatches: number };
    users: { count: number; searchMatches: number };
    groups: { count: number };
  };
  /** The seeder's random numbers (for benches that add rows of their own the same way). */
  rand(): number;
}

/**
 * The generator over `raw`: each call of `seed` adds rows in batches of BATCH per transaction.
 * `maxPosts` spreads the posts' created_at over two years up to that many posts (the largest size a
 * bench seeds), so created_at follows the id as it does for posts created through the app.
 */
export async function createSeeder(raw: SQLite.Database, base: BaseRows, opts: { maxPosts: number }): Promise<Seeder> {
  const { storageKeyFor } = await import('../src/server/features/scenarios/service.js');
  const { uuid } = await import('../src/server/lib/crypto.js');
  const { userIds, tags, filterTagId, passwordHash } = base;
  const POSTS = opts.maxPosts;
  const owners = userIds.slice(1);
  const ownerWeights = [0.5, 0.25, 0.15, 0.1];
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

  return {
    seed(total: number, posts: number): Seeded {
      // Groups first: posts of groups 1 to 5 refer to them.
      const seconds =
        seed(groupState, total, groupBatch) +
        seed(scenarioState, total, scenarioBatch) +
        seed(postState, posts, (n) => postBatch(n, posts)) +
        seed(userState, total, userBatch);
      raw.pragma('wal_checkpoint(TRUNCATE)');
      return {
        seconds,
        scenarios: { count: scenarioState.count, searchMatches: scenarioState.searchMatches, filterMatches: scenarioState.filterMatches },
        posts: { count: postState.count, feedMatches: postState.feedMatches, searchMatches: [...postState.searchMatches], groupMatches: postState.groupMatches },
        users: { count: userState.count, searchMatches: userState.searchMatches },
        groups: { count: groupState.count },
      };
    },
    state: { scenarios: scenarioState, posts: postState, users: userState, groups: groupState },
    rand,
  };
}

// ---------------------------------------------------------------- PostgreSQL copy
/** Connects to the server of `adminUrl` (its maintenance database) for `fn`. */
async function onPgServer(adminUrl: string, fn: (client: import('pg').Client) => Promise<unknown>) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty database `name` on the server of `adminUrl` (any former one dropped). */
export const createPgDatabase = (adminUrl: string, name: string) =>
  onPgServer(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });

/** Drops database `name` on the server of `adminUrl`, if it is there (errors ignored: cleanup). */
export const dropPgDatabase = (adminUrl: string, name: string) =>
  onPgServer(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined));

/** Whether database `name` exists on the server of `adminUrl`. */
export async function pgDatabaseExists(adminUrl: string, name: string): Promise<boolean> {
  let found = false;
  await onPgServer(adminUrl, async (c) => {
    found = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  });
  return found;
}
/** Tables the seeder fills, parents first. */
const COPIED_TABLES = ['users', 'tags', 'forum_groups', 'scenarios', 'scenario_tags', 'posts', 'post_tags', 'post_scenarios'];

/**
 * Copies the seeded rows of the SQLite file into a migrated, empty PostgreSQL database, row for row
 * (ids kept, sequences moved past them); the triggers there keep search documents, versions and totals.
 * `extraTables` (filled by the bench itself: media, audit_log, notifications) are copied after them.
 */
export async function copyToPostgres(sqliteFile: string, pgUrl: string, extraTables: readonly string[] = []) {
  const pg = (await import('pg')).default;
  const raw = (await openRaw(sqliteFile)) as SQLite.Database;
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    // Triggers off while loading (a superuser's session setting): what they keep is built once below.
    await client.query('SET session_replication_role = replica');
    for (const table of [...COPIED_TABLES, ...extraTables]) {
      const pgCols = new Set((await client.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'public'`, [table])).rows.map((r) => r.column_name));
      const cols = (raw.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((r) => r.name).filter((c) => pgCols.has(c));
      const batch = Math.floor(60_000 / cols.length);
      const select = raw.prepare(`SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM ${table} ORDER BY rowid LIMIT ? OFFSET ?`).raw(true);
      await client.query('BEGIN');
      for (let offset = 0; ; offset += batch) {
        const rows = select.all(batch, offset) as unknown[][];
        if (!rows.length) break;
        const values: unknown[] = [];
        const tuples = rows.map((row) => `(${row.map((v) => (values.push(v), `$${values.length}`)).join(', ')})`);
        await client.query(`INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`, values);
      }
      await client.query('COMMIT');
      if (cols.includes('id')) await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 1) FROM ${table}))`);
    }
    // What the triggers keep, built set by set with the triggers still off (row by row, the word
    // counts' triggers on the documents took minutes): the search documents of posts, scenarios,
    // groups and users, then (below) the stored totals, group words, library and post months, name prefixes and word counts.
    await client.query(`INSERT INTO posts_search (post_id, document)
      SELECT id, post_listed_document(title, text, tag_text, status, deleted_at, group_id) FROM posts
      ON CONFLICT (post_id) DO UPDATE SET document = EXCLUDED.document`);
    await client.query(`INSERT INTO scenario_search_documents (scenario_id, document)
      SELECT id, scenario_listed_document(search_text, privacy_level, is_processed, patient_age, patient_condition) FROM scenarios
      ON CONFLICT (scenario_id) DO UPDATE SET document = EXCLUDED.document`);
    await client.query(`INSERT INTO group_search_documents (group_id, document, name_key) SELECT id, group_search_document(name, description), name_key FROM forum_groups
      ON CONFLICT (group_id) DO UPDATE SET document = EXCLUDED.document, name_key = EXCLUDED.name_key`);
    await client.query(`INSERT INTO user_search_documents (user_id, document) SELECT id, user_search_document(first_name, last_name, username, email) FROM users
      ON CONFLICT (user_id) DO UPDATE SET document = EXCLUDED.document`);
    await client.query('SET session_replication_role = DEFAULT');
    const { Kysely, PostgresDialect } = await import('kysely');
    const { recountListTotals } = await import('../src/server/db/migrations/0023_list_totals.js');
    const { refillPostgresGroupWords } = await import('../src/server/db/migrations/0052_group_words.js');
    const { refillLibraryMonths } = await import('../src/server/db/migrations/0053_library_months.js');
    const { refillPostgresLibraryWords } = await import('../src/server/db/migrations/0054_library_words.js');
    const { refillPostgresPostWords } = await import('../src/server/db/migrations/0055_post_words.js');
    const { refillPostMonths } = await import('../src/server/db/migrations/0057_post_months.js');
    const { refillPostgresNamePrefixes } = await import('../src/server/db/migrations/0058_pg_name_prefixes.js');
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl, max: 1 }) }) });
    await recountListTotals(db);
    await refillPostgresGroupWords(db);
    await refillLibraryMonths(db);
    await refillPostgresLibraryWords(db);
    await refillPostgresPostWords(db);
    await refillPostMonths(db);
    await refillPostgresNamePrefixes(db);
    await db.destroy();
    // As autovacuum leaves a table in steady use: statistics, and the visibility map that lets a
    // page of ids come from an index alone.
    await client.query('VACUUM ANALYZE');
  } finally {
    raw.close();
    await client.end();
  }
}
