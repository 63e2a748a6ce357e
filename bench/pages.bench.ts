// Page depth and search cost at 100 000 rows (`npm run bench -- pages`): a page must cost the same
// at any depth, and a search's first page must cost what the page costs, not what the matches cost.
//
// Builds the real app on a temp data dir (SQLite), seeds it through bench/seed.ts (BENCH_ROWS
// scenarios, posts, users and groups, default 100 000) plus as many media items, audit entries and
// notifications, then for each paginated list times its first page and its last page, calling the
// list's repository function directly (the answer cache of the service layer is not involved; a
// list's total is counted once and then cached under the tables' versions, alike for both pages).
// Each page is read BENCH_RUNS times (default 20) after two warm-up reads; the p50 is reported.
// The middle page is printed too (an offset URL steps over about half of the index there; no
// target). Lists read by infinite scroll (feed, group posts, notifications) are also read by
// cursor: the first page against the last one, reached by the cursor of the page before it.
//
// Lists with no pages are not measured: reported posts, my groups, a group's members and invites and
// the TMS debriefs answer at most a fixed number of rows from an index (newest or by name).
//
// Targets (the run fails, exit 1, with one line per miss):
//   - every list: last page p50 at most 1.5x the first page's (a difference under 1 ms is noise, never a miss);
//   - search: the first page of a word in about 10 % of the rows at most 2x a rare word's.
// BENCH_DATA_DIR=<dir> keeps the seeded database there, and the PostgreSQL copy below, and reuses
// them on the next run (for work on the queries; the migrations still run, so new indexes are built
// on them).
//
// Then the same rows, copied into a fresh PostgreSQL database (BENCH_PG_URL names the server, default
// the local one; the bench creates and drops its own database there; BENCH_PG=off skips it), are
// measured the same way, against the same targets. On both databases the searches are also timed
// with the list cache off, so the first page includes its count (a word no reader asked for yet):
// reported, no target.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyToPostgres, createBaseRows, createPgDatabase, dropPgDatabase, pgDatabaseExists, createSeeder, FILTER_AGE, FILTER_CONDITION, openRaw, prng, SEARCH_WORD, USER_SEARCH, type Seeded } from './seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DEPTH_RATIO = 1.5;
const SEARCH_RATIO = 2;
const NOISE_MS = 1;
const USERNAME = 'bench';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'community_pages_bench';
const WITH_PG = process.env.BENCH_PG !== 'off';
const PASSWORD = 'Passw0rdA';

interface Measured {
  database: string;
  list: string;
  total: number;
  firstMs: number;
  lastMs: number;
  ratio: number;
  /** The page in the middle (offset URLs step over about half the index there); not a target. */
  middleMs?: number;
}

function p50(times: number[]): number {
  const s = [...times].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return p50(times);
}

async function main() {
  const keep = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : undefined;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pages-bench-'));
  const marker = path.join(dataDir, 'pages-bench.json');
  const reuse = keep !== undefined && fs.existsSync(marker);
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { openDatabase } = await import('../src/server/db/connection.js');
  const { migrateToLatest } = await import('../src/server/db/migrate.js');
  const { disableListCache } = await import('../src/server/lib/list-cache.js');
  const { uuid } = await import('../src/server/lib/crypto.js');
  const repos = await repositories();

  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { serveClient: false, runWorker: false, logLevel: 'silent' }),
  );
  const failures: string[] = [];
  const results: Measured[] = [];
  const handles: { close(): Promise<void> }[] = [];
  let pgCreated = false;
  try {
    let info: Info;
    if (reuse) {
      info = JSON.parse(fs.readFileSync(marker, 'utf8')) as Info;
      console.log(`reusing the database seeded in ${dataDir}`);
    } else {
      const base = await createBaseRows(app.db, { username: USERNAME, password: PASSWORD });
      const raw = await openRaw(path.join(dataDir, 'community.sqlite'));
      const seeder = await createSeeder(raw, base, { maxPosts: ROWS });
      const seeded = seeder.seed(ROWS, ROWS);
      const extraStart = performance.now();
      seedExtras(raw, base.userIds, uuid);
      raw.pragma('wal_checkpoint(TRUNCATE)');
      raw.close();
      console.log(`seeded in ${(seeded.seconds + (performance.now() - extraStart) / 1000).toFixed(1)} s`);
      info = { seeded, userIds: base.userIds, filterTagId: base.filterTagId, media: ROWS, common: 'sepsis' };
      if (keep) fs.writeFileSync(marker, JSON.stringify(info));
    }
    // The same file without the list cache: totals counted on every read.
    const uncachedSqlite = openDatabase({ dataDir });
    disableListCache(uncachedSqlite.db);
    handles.push(uncachedSqlite);
    await measure('SQLite', app.db, uncachedSqlite.db, 'sqlite', info, repos, results, failures);

    if (WITH_PG) {
      const pgUrl = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${PG_DB}`;
      // With BENCH_DATA_DIR the PostgreSQL copy is kept too, and reused with its SQLite file.
      const pgMarker = path.join(dataDir, 'pages-bench-pg.json');
      const reusePg = reuse && fs.existsSync(pgMarker) && (await pgDatabaseExists(PG_ADMIN_URL, PG_DB));
      if (!reusePg) await createPgDatabase(PG_ADMIN_URL, PG_DB);
      pgCreated = !keep;
      // Migrated as the app does, with no time limit on a query (a kept copy may take a migration's
      // rewrite of 100 000 rows); read through the app's usual limits.
      const migrating = openDatabase({ databaseUrl: pgUrl, dataDir, pgTimeouts: { connectTimeoutMs: 10_000, queryTimeoutMs: 0 } });
      await migrateToLatest(migrating.db);
      await migrating.close();
      const cached = openDatabase({ databaseUrl: pgUrl, dataDir });
      handles.push(cached);
      if (reusePg) console.log(`\nreusing the PostgreSQL database ${PG_DB}`);
      else {
        const start = performance.now();
        await copyToPostgres(path.join(dataDir, 'community.sqlite'), pgUrl, ['media', 'audit_log', 'notifications']);
        console.log(`\ncopied to PostgreSQL in ${((performance.now() - start) / 1000).toFixed(1)} s`);
        if (keep) fs.writeFileSync(pgMarker, '{}');
      }
      const uncachedPg = openDatabase({ databaseUrl: pgUrl, dataDir });
      disableListCache(uncachedPg.db);
      handles.push(uncachedPg);
      await measure('PostgreSQL', cached.db, uncachedPg.db, 'postgres', info, repos, results, failures);
    }
    console.table(
      results.map((r) => ({
        database: r.database,
        list: r.list,
        total: r.total || '',
        'first ms': r.firstMs.toFixed(2),
        'last ms': r.lastMs.toFixed(2),
        ratio: r.ratio.toFixed(2),
        'middle ms': r.middleMs?.toFixed(2) ?? '',
      })),
    );
  } finally {
    for (const h of handles) await h.close();
    await app.close();
    if (pgCreated) await dropPgDatabase(PG_ADMIN_URL, PG_DB);
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\npages bench failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\npages bench: every target met');
}

interface Info {
  seeded: Seeded;
  userIds: number[];
  filterTagId: number;
  media: number;
  common: string;
}

/** The repositories measured (imported after the bench's setup, like the app). */
async function repositories() {
  return {
    ...(await import('../src/server/features/scenarios/repository.js')),
    ...(await import('../src/server/features/media/repository.js')),
    ...(await import('../src/server/features/posts/repository.js')),
    ...(await import('../src/server/features/search/repository.js')),
    ...(await import('../src/server/features/audit/repository.js')),
    ...(await import('../src/server/features/notifications/repository.js')),
    ...(await import('../src/server/lib/pages.js')),
  };
}
type Repos = Awaited<ReturnType<typeof repositories>>;
type Db = import('../src/server/db/connection.js').DB;
type DialectName = import('../src/server/db/connection.js').Dialect;

/** Each search's first page for a rare word and for a common one (about 10 % of the rows). */
function searchPairs(db: Db, dialect: DialectName, info: Info, repos: Repos): { name: string; rare: () => Promise<unknown>; common: () => Promise<unknown> }[] {
  const scenarios = repos.scenariosRepository(db, dialect);
  const search = repos.searchRepository(db, dialect);
  const benchUser = info.userIds[0];
  const lib = (words: string[]) => scenarios.library({ offset: 0, count: 10, age: -1, condition: -1, words, tagIds: [] });
  const page = { offset: 0, limit: 20 };
  return [
    { name: 'library search', rare: () => lib([SEARCH_WORD]), common: () => lib([info.common]) },
    { name: 'site search posts', rare: () => search.posts(benchUser, ['hyperkal'], page), common: () => search.posts(benchUser, ['debrief'], page) },
    { name: 'site search groups', rare: () => search.groups(['faculty', '17'], page), common: () => search.groups(['rural'], page) },
    { name: 'site search users', rare: () => search.users(['zara', 'novak'], page), common: () => search.users([USER_SEARCH.toLowerCase()], page) },
  ];
}

/** Every list of `db` (list cache on) and the searches of `uncached` (list cache off). */
async function measure(database: string, db: Db, uncached: Db, dialect: DialectName, info: Info, repos: Repos, results: Measured[], failures: string[]) {
  const scenarios = repos.scenariosRepository(db, dialect);
  const media = repos.mediaRepository(db, dialect);
  const posts = repos.postsRepository(db, dialect);
  const search = repos.searchRepository(db, dialect);
  const audit = repos.auditRepository(db);
  const notifications = repos.notificationsRepository(db);
  const [benchUser, ownerA] = info.userIds;

  /** A list: `read(offset)` reads one page at that offset and answers the list's total. */
  async function depth(list: string, count: number, read: (offset: number) => Promise<{ total: number }>) {
    const { total } = await read(0);
    const lastOffset = Math.max(0, Math.floor((total - 1) / count) * count);
    const firstMs = await time(() => read(0));
    const lastMs = await time(() => read(lastOffset));
    const middleMs = await time(() => read(Math.floor(total / 2 / count) * count));
    const ratio = lastMs / Math.max(firstMs, 0.001);
    results.push({ database, list, total, firstMs, lastMs, ratio, middleMs });
    console.log(
      `  ${list.padEnd(46)} total ${String(total).padStart(6)}  first ${firstMs.toFixed(2).padStart(7)} ms  last ${lastMs.toFixed(2).padStart(7)} ms  ${ratio.toFixed(2)}x` +
        `  (middle ${middleMs.toFixed(2)} ms)`,
    );
    if (ratio > DEPTH_RATIO && lastMs - firstMs > NOISE_MS) failures.push(`${database} ${list}: last page ${lastMs.toFixed(2)} ms is ${ratio.toFixed(2)}x the first page's ${firstMs.toFixed(2)} ms, target at most ${DEPTH_RATIO}x`);
    return { firstMs, lastMs };
  }

  const lib = (over: Partial<Parameters<typeof scenarios.library>[0]>) => (offset: number) =>
    scenarios.library({ offset, count: 10, age: -1, condition: -1, words: [], tagIds: [], ...over });
  const page = (offset: number, limit: number) => ({ offset, limit });

  console.log(`\n${database}, page depth (p50 of ${RUNS} reads, ms):`);
  await depth('library', 10, lib({}));
  await depth(`library age ${FILTER_AGE}`, 10, lib({ age: FILTER_AGE }));
  await depth(`library condition ${FILTER_CONDITION}`, 10, lib({ condition: FILTER_CONDITION }));
  await depth(`library age ${FILTER_AGE} condition ${FILTER_CONDITION}`, 10, lib({ age: FILTER_AGE, condition: FILTER_CONDITION }));
  await depth('library one tag', 10, lib({ tagIds: [info.filterTagId] }));
  await depth(`library words "${SEARCH_WORD}" (rare)`, 10, lib({ words: [SEARCH_WORD] }));
  await depth(`library words "${info.common}" (common)`, 10, lib({ words: [info.common] }));
  for (const sort of ['contributedAt', 'name', 'isProcessed'] as const) {
    await depth(`my scenarios by ${sort}`, 10, (o) => scenarios.mine(ownerA, sort, 'desc', undefined, o, 10));
  }
  await depth('media library', 12, (o) => media.library({ type: -1, tagIds: [], words: [] }, o, 12));
  await depth('media library videos', 12, (o) => media.library({ type: 1, tagIds: [], words: [] }, o, 12));
  await depth('my media', 12, (o) => media.mine(ownerA, o, 12));
  await depth('media of another user', 12, (o) => media.userPublic(ownerA, o, 12));
  await depth('feed (signed in)', 5, (o) => posts.feedPage({ groupId: null, viewerId: benchUser, tagIds: [], offset: o, count: 5 }));
  await depth('feed (public)', 5, (o) => posts.feedPage({ groupId: null, tagIds: [], offset: o, count: 5 }));
  await depth('group posts (group 1)', 5, (o) => posts.feedPage({ groupId: 1, tagIds: [], offset: o, count: 5 }));
  // Infinite scroll: the first page against the last one reached by cursor (a keyset seek).
  async function byCursor(list: string, total: number, first: () => Promise<unknown>, deep: () => Promise<unknown>) {
    const firstMs = await time(first);
    const lastMs = await time(deep);
    const ratio = lastMs / Math.max(firstMs, 0.001);
    results.push({ database, list, total, firstMs, lastMs, ratio });
    console.log(`  ${list.padEnd(46)} total ${String(total).padStart(6)}  first ${firstMs.toFixed(2).padStart(7)} ms  last ${lastMs.toFixed(2).padStart(7)} ms  ${ratio.toFixed(2)}x`);
    if (ratio > DEPTH_RATIO && lastMs - firstMs > NOISE_MS) failures.push(`${database} ${list}: last page ${lastMs.toFixed(2)} ms is ${ratio.toFixed(2)}x the first page's ${firstMs.toFixed(2)} ms, target at most ${DEPTH_RATIO}x`);
  }
  for (const [list, groupId, viewerId] of [['feed (signed in) by cursor', null, benchUser], ['group posts (group 1) by cursor', 1, undefined]] as const) {
    const q = { groupId, viewerId, tagIds: [] as number[], count: 5 };
    const { total } = await posts.feedPage({ ...q, offset: 0 });
    const beforeLast = await posts.feedPage({ ...q, offset: Math.max(0, Math.floor((total - 1) / 5) * 5 - 5) });
    const after = repos.decodeCursor(beforeLast.nextCursor ?? '') ?? undefined;
    await byCursor(list, total, () => posts.feedPage({ ...q, offset: 0 }), () => posts.feedPage({ ...q, offset: 0, after }));
  }
  const deepNote = await db
    .selectFrom('notifications')
    .select(['created_at', 'id'])
    .where('user_id', '=', benchUser)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(ROWS - 51)
    .executeTakeFirstOrThrow();
  await byCursor('notifications by cursor', ROWS, () => notifications.newest(benchUser, 50), () => notifications.newest(benchUser, 50, { at: deepNote.created_at, id: deepNote.id }));
  await depth('groups directory', 20, async (o) => ({ total: (await search.groups([], page(o, 20))).count }));
  await depth('admin users', 100, async (o) => ({ total: (await search.users([], page(o, 100))).count }));
  await depth(`admin users "${USER_SEARCH}"`, 20, async (o) => ({ total: (await search.users([USER_SEARCH.toLowerCase()], page(o, 20))).count }));
  await depth('audit log', 50, (o) => audit.page({}, o, 50));
  await depth('search posts (no words)', 20, async (o) => ({ total: (await search.posts(benchUser, [], page(o, 20))).count }));
  await depth('search posts "debrief"', 20, async (o) => ({ total: (await search.posts(benchUser, ['debrief'], page(o, 20))).count }));
  await depth('search groups "rural"', 20, async (o) => ({ total: (await search.groups(['rural'], page(o, 20))).count }));

  console.log(`\n${database}, search, first page: a rare word against a common one (p50 of ${RUNS} reads, ms):`);
  for (const p of searchPairs(db, dialect, info, repos)) {
    const rareMs = await time(p.rare);
    const commonMs = await time(p.common);
    const ratio = commonMs / Math.max(rareMs, 0.001);
    console.log(`  ${p.name.padEnd(24)} rare ${rareMs.toFixed(2).padStart(7)} ms  common ${commonMs.toFixed(2).padStart(7)} ms  ${ratio.toFixed(2)}x`);
    results.push({ database, list: `${p.name}: rare (first) vs common (last)`, total: 0, firstMs: rareMs, lastMs: commonMs, ratio });
    if (ratio > SEARCH_RATIO && commonMs - rareMs > NOISE_MS) failures.push(`${database} ${p.name}: a common word's first page ${commonMs.toFixed(2)} ms is ${ratio.toFixed(2)}x a rare word's ${rareMs.toFixed(2)} ms, target at most ${SEARCH_RATIO}x`);
  }

  // A word nobody searched for yet: its total is counted with the page (no list cache). Reported, no target.
  console.log(`\n${database}, search, first page with its count, list cache off (p50 of ${RUNS} reads, ms):`);
  for (const p of searchPairs(uncached, dialect, info, repos)) {
    const rareMs = await time(p.rare);
    const commonMs = await time(p.common);
    console.log(`  ${p.name.padEnd(24)} rare ${rareMs.toFixed(2).padStart(7)} ms  common ${commonMs.toFixed(2).padStart(7)} ms  ${(commonMs / Math.max(rareMs, 0.001)).toFixed(2)}x`);
    results.push({ database, list: `${p.name}, counted: rare (first) vs common (last)`, total: 0, firstMs: rareMs, lastMs: commonMs, ratio: commonMs / Math.max(rareMs, 0.001) });
  }
}

/** Media, audit entries and notifications: ROWS of each, most media by the first owner. */
function seedExtras(raw: import('better-sqlite3').Database, userIds: number[], uuid: () => string) {
  const rand = prng(7);
  const [benchUser, ...owners] = userIds;
  const now = Date.now();
  const span = 3 * 365 * 86400_000;
  const insertMedia = raw.prepare(`INSERT INTO media (uuid_id, name, description, is_video, file_key, file_name, file_size, mime_type,
    thumb_key, is_processed, processing_error, approval_status, rejection_reason, privacy_level, contributed_by, contributed_at,
    num_downloads, duration_in_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, 1, NULL, ?, NULL, ?, ?, ?, 0, 0)`);
  const insertAudit = raw.prepare('INSERT INTO audit_log (actor_id, action, target_type, target_id, detail, created_at) VALUES (?, ?, ?, ?, NULL, ?)');
  const insertNote = raw.prepare('INSERT INTO notifications (user_id, name, description, link, has_read, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const batch = raw.transaction((from: number, n: number) => {
    for (let i = from; i < from + n; i++) {
      const video = rand() < 0.3 ? 1 : 0;
      const owner = rand() < 0.5 ? owners[0] : owners[1 + Math.floor(rand() * (owners.length - 1))];
      const at = new Date(now - span + Math.floor((i / ROWS) * span)).toISOString();
      const id = uuid();
      insertMedia.run(id, `Clip ${i}`, rand() < 0.5 ? 'Monitor view during the scenario' : null, video, `media/${id}`, `clip${i}.${video ? 'mp4' : 'jpg'}`,
        1000, video ? 'video/mp4' : 'image/jpeg', rand() < 0.95 ? 2 : 0, rand() < 0.9 ? 2 : 0, owner, at);
      insertAudit.run(userIds[Math.floor(rand() * userIds.length)], rand() < 0.5 ? 'user.update' : 'post.delete', 'user', String(i), at);
      insertNote.run(benchUser, 'New post', 'Someone posted in a group', '/feed', rand() < 0.5 ? 1 : 0, at);
    }
  });
  for (let i = 0; i < ROWS; i += 5_000) batch(i, Math.min(5_000, ROWS - i));
}

await main().catch((err) => {
  console.error(`pages bench failed: ${(err as Error).stack ?? (err as Error).message}`);
  process.exit(1);
});
