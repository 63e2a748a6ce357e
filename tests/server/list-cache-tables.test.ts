// Every cached list total and page declares the tables it reads (src/server/lib/list-cache.ts): a
// write raises the version of its table, and only a declared table's version is part of the cache
// key. Each cached list runs once here while the SQL it sends is recorded; a table it touches that
// its declared list misses fails the test (its page would go stale when that table changes).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCache } from '../../src/server/lib/list-cache.js';
import { Role } from '../../src/shared/enums.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { missingTables, recordCachedReads, tablesOf, type CachedRead } from './list-cache-recorder.js';

async function knownTables(t: TestApp, kind: string): Promise<Set<string>> {
  const rows =
    kind === 'sqlite'
      ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(t.app.db)).rows
      : (await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(t.app.db)).rows;
  return new Set(rows.map((r) => r.name));
}

describe('reading table names from SQL', () => {
  it('finds the tables after FROM, JOIN, INTO and UPDATE, quoted, aliased or in a FROM list', () => {
    expect(tablesOf('select "p"."id" from "posts" as "p" inner join "users" on "users"."id" = "p"."user_id" left join post_tags pt on pt.post_id = p.id').sort()).toEqual(['post_tags', 'posts', 'users']);
    expect(tablesOf('SELECT count(*) FROM scenarios s, scenario_tags st WHERE s.id = st.scenario_id').sort()).toEqual(['scenario_tags', 'scenarios']);
    expect(tablesOf('select * from "public"."tags" where exists (select 1 from "scenario_tags")').sort()).toEqual(['scenario_tags', 'tags']);
  });
});

describe.each(dbKinds)('cached lists declare every table they read (%s)', (kind) => {
  let t: TestApp;
  let reads: CachedRead[];
  let known: Set<string>;
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reads = recordCachedReads(t.app.db);
    known = await knownTables(t, kind);
    owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    admin = await createUser(t.app, { firstName: 'Ada', lastName: 'Admin', role: Role.User | Role.Admin });
  });
  afterAll(() => t.close());

  it('a declared list that misses a table is caught', async () => {
    const before = reads.length;
    await listCache(t.app.db).page(`short list ${crypto.randomUUID()}`, ['posts'], () =>
      t.app.db.selectFrom('posts').innerJoin('users', 'users.id', 'posts.creator_id').select('posts.id').execute(),
    );
    const read = reads.slice(before).find((r) => r.key.startsWith('short list'))!;
    expect(missingTables(read, known)).toEqual(['users']);
  });

  it('every cached total and page of every list covers the tables its SQL touches', async () => {
    await t.app.db.insertInto('tags').values([{ title: 'Cardiac' }]).execute();
    const tagId = (await t.app.db.selectFrom('tags').select('id').executeTakeFirstOrThrow()).id;
    const scenario = await sql<{ id: number }>`
      INSERT INTO scenarios (uuid_id, name, description, file_key, file_name, privacy_level, is_processed, contributed_by, contributed_at, device_id, patient_age, patient_condition, search_text)
      VALUES (${crypto.randomUUID()}, ${'Septic shock'}, ${'A described scenario'}, ${'scenarios/x.json'}, ${'x.json'}, 2, 1, ${owner.id}, ${new Date().toISOString()}, 3, 2, 1, ${'Septic shock'}) RETURNING id`.execute(t.app.db);
    const scenarioId = scenario.rows[0].id;
    await t.app.db.insertInto('scenario_tags').values({ scenario_id: scenarioId, tag_id: tagId }).execute();
    expect((await as(t.app, owner, { method: 'POST', url: `/api/scenarios/togglefavourite/${scenarioId}` })).statusCode).toBe(200);
    const group = await as(t.app, owner, { method: 'POST', url: '/api/forumgroup/creategroup', payload: { name: 'Night shift sims', membershipType: 0 } });
    expect(group.statusCode).toBe(201);
    const groupId = (group.json() as { id: number }).id;
    expect((await as(t.app, owner, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Bradycardia drill', text: 'Atropine first.', tags: [tagId] } })).statusCode).toBeLessThan(300);
    expect((await as(t.app, owner, { method: 'POST', url: `/api/forumpost/CreateGroupPost/${groupId}`, payload: { title: 'Shift drill', text: 'Septic shock at night.' } })).statusCode).toBeLessThan(300);

    const lists = [
      '/api/scenarios/0/10/-1/-1/-1',
      `/api/scenarios/0/10/-1/-1/${tagId}`,
      '/api/scenarios/0/10/-1/-1/septic/-1',
      '/api/scenarios/myscenarios/0/10/name/asc',
      '/api/media/0/10/-1/-1',
      '/api/media/MyMedia/0/10',
      `/api/media/UserMedia${owner.id}/0/10`,
      `/api/media/UserMedia${admin.id}/0/10`,
      '/api/forumpost/GetPosts/0/10/-1',
      `/api/forumpost/GetPosts/0/10/${tagId}`,
      `/api/forumgroup/GetGroupPosts/${groupId}`,
      '/api/search/searchusers/0/10/olive',
      '/api/search/searchusers/0/10/-1',
      '/api/search/searchposts/0/10/drill',
      '/api/search/searchgroups/0/10/night',
      '/api/users/0/10/-1',
      '/api/users/0/10/ada',
    ];
    for (const url of lists) {
      const res = await as(t.app, url.startsWith('/api/users/') || url.startsWith('/api/search/searchusers') ? admin : owner, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }

    // Every kind of cached read ran (a list that stopped using the cache, or a URL that no longer
    // reaches it, would leave its tables unchecked).
    const kinds = new Set(reads.map((r) => `${r.kind} ${r.key.split(' ').slice(0, 2).join(' ')}`));
    for (const k of ['page library', 'total library', 'total mine', 'total media', 'page feed', 'page group', 'page search', 'total search', 'page admin', 'total users']) {
      expect([...kinds].some((x) => x.startsWith(k)), `${k} in ${[...kinds].join(', ')}`).toBe(true);
    }
    // Each read was seen sending SQL (else the recorder missed its statements).
    expect(reads.filter((r) => r.touched.size === 0).map((r) => r.key)).toEqual([]);
    const stale = reads.filter((r) => !r.key.startsWith('short list')).map((r) => ({ read: `${r.kind} ${r.key.trim()} [${r.declared.join(', ')}]`, missing: missingTables(r, known).join(',') })).filter((r) => r.missing.length);
    expect(stale).toEqual([]);
  });
});
