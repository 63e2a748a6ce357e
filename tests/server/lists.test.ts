// Long lists (issue: lists at 100 000 rows): totals are cached per filter under per-table versions
// that triggers raise with every write (migration 0016, src/server/lib/list-cache.ts), so a create,
// edit or delete shows in the total and the page at once, through the API or written straight to
// the database (as another server process would); and large JSON answers are compressed.
import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { registerSqliteFunctions } from '../../src/server/db/sqlite-functions.js';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sqliteConnection } from '../../src/server/db/connection.js';
import { listCache } from '../../src/server/lib/list-cache.js';
import { inRequestScope } from '../../src/server/lib/request-scope.js';
import { Role } from '../../src/shared/enums.js';
import { as, buildTestApp, createUser, dbKinds, login, TEST_PASSWORD, type TestApp, type TestUser } from './helpers.js';

async function addScenario(app: FastifyInstance, owner: number, name: string, tagId: number) {
  const res = await sql<{ id: number }>`
    INSERT INTO scenarios (uuid_id, name, description, file_key, file_name, privacy_level, is_processed, contributed_by, contributed_at, device_id, patient_age, patient_condition, search_text)
    VALUES (${crypto.randomUUID()}, ${name}, ${'A described scenario'}, ${'scenarios/x.json'}, ${'x.json'}, 2, 1, ${owner}, ${new Date().toISOString()}, 3, 2, 1, ${name})
    RETURNING id`.execute(app.db);
  const id = res.rows[0].id;
  await app.db.insertInto('scenario_tags').values({ scenario_id: id, tag_id: tagId }).execute();
  return id;
}

describe.each(dbKinds)('list totals and pages follow every write (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let tagId: number;
  let otherTagId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    reader = await createUser(t.app, { firstName: 'Rita', lastName: 'Reader' });
    admin = await createUser(t.app, { firstName: 'Ada', lastName: 'Admin', role: Role.User | Role.Admin });
    await t.app.db.insertInto('tags').values([{ title: 'Cardiac' }, { title: 'Airway' }]).execute();
    const tags = await t.app.db.selectFrom('tags').select(['id', 'title']).execute();
    tagId = tags.find((r) => r.title === 'Cardiac')!.id;
    otherTagId = tags.find((r) => r.title === 'Airway')!.id;
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => as(t.app, user, { method: 'GET', url }).then((r) => {
    expect(r.statusCode).toBe(200);
    return r.json();
  });

  it('the scenario library: edit, retag and delete change the total and the page at once', async () => {
    const first = await addScenario(t.app, owner.id, 'Tension pneumothorax', tagId);
    await addScenario(t.app, owner.id, 'Septic shock', tagId);
    const all = '/api/scenarios/0/10/-1/-1/-1';
    const byTag = (id: number) => `/api/scenarios/0/10/-1/-1/${id}`;
    const search = '/api/scenarios/0/10/-1/-1/pneumothorax/-1';
    expect((await get(reader, all)).total).toBe(2);
    expect((await get(reader, byTag(tagId))).total).toBe(2);
    expect((await get(reader, search)).total).toBe(1);

    // Private: gone from the library for others.
    const priv = await as(t.app, owner, { method: 'PATCH', url: `/api/scenarios/edit/${first}`, payload: { privacy_level: 0 } });
    expect(priv.statusCode).toBe(200);
    let page = await get(reader, all);
    expect(page.total).toBe(1);
    expect(page.scenarios.map((s: { id: number }) => s.id)).not.toContain(first);
    expect((await get(reader, search)).total).toBe(0);

    // Public again, with the other tag only: it moves between the tag filters.
    const retag = await as(t.app, owner, { method: 'PATCH', url: `/api/scenarios/edit/${first}`, payload: { privacy_level: 2, tags: [otherTagId], confirm_deidentified: true } });
    expect(retag.statusCode).toBe(200);
    expect((await get(reader, all)).total).toBe(2);
    expect((await get(reader, byTag(tagId))).total).toBe(1);
    page = await get(reader, byTag(otherTagId));
    expect(page.total).toBe(1);
    expect(page.scenarios[0].id).toBe(first);

    const del = await as(t.app, owner, { method: 'DELETE', url: `/api/scenarios/delete/${first}` });
    expect(del.statusCode).toBe(200);
    expect((await get(reader, all)).total).toBe(1);
    expect((await get(reader, byTag(otherTagId))).total).toBe(0);
  });

  it('a scenario written straight to the database (another process) shows at once', async () => {
    const before = (await get(reader, '/api/scenarios/0/10/-1/-1/-1')).total;
    const id = await addScenario(t.app, owner.id, 'Written elsewhere', tagId);
    const page = await get(reader, '/api/scenarios/0/10/-1/-1/-1');
    expect(page.total).toBe(before + 1);
    expect(page.scenarios.map((s: { id: number }) => s.id)).toContain(id);
    await t.app.db.deleteFrom('scenarios').where('id', '=', id).execute();
    expect((await get(reader, '/api/scenarios/0/10/-1/-1/-1')).total).toBe(before);
  });

  it('the feed and post search: a new post and a deleted one change the totals at once', async () => {
    const feed = '/api/forumpost/GetPosts/0/5/-1';
    const search = '/api/search/searchposts/0/20/bradycardia';
    const feedBefore = (await get(reader, feed)).total;
    expect((await get(reader, search)).count).toBe(0);

    const created = await as(t.app, owner, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Bradycardia drill', text: 'Atropine first.' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().post?.id ?? created.json().id;
    let page = await get(reader, feed);
    expect(page.total).toBe(feedBefore + 1);
    expect(page.posts[0].title).toBe('Bradycardia drill');
    expect((await get(reader, search)).count).toBe(1);

    // Written elsewhere: a soft delete straight in the database.
    await t.app.db.updateTable('posts').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();
    page = await get(reader, feed);
    expect(page.total).toBe(feedBefore);
    expect(page.posts.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await get(reader, search)).count).toBe(0);
  });

  it('the groups directory and the user lists: creates and deletes change the totals at once', async () => {
    const groups = '/api/search/searchgroups/0/20/-1';
    const groupsBefore = (await get(reader, groups)).count;
    const created = await as(t.app, owner, { method: 'POST', url: '/api/forumgroup/creategroup', payload: { name: 'Night shift sims' } });
    expect(created.statusCode).toBe(201);
    let list = await get(reader, groups);
    expect(list.count).toBe(groupsBefore + 1);
    expect(list.groups.map((g: { name: string }) => g.name)).toContain('Night shift sims');
    const groupId = list.groups.find((g: { name: string }) => g.name === 'Night shift sims').id;
    await t.app.db.updateTable('forum_groups').set({ name: 'Day shift sims' }).where('id', '=', groupId).execute();
    expect((await get(reader, '/api/search/searchgroups/0/20/night')).count).toBe(0);
    expect((await get(reader, '/api/search/searchgroups/0/20/day')).groups.map((g: { id: number }) => g.id)).toContain(groupId);
    expect((await as(t.app, owner, { method: 'DELETE', url: `/api/forumgroup/deletegroup/${groupId}` })).statusCode).toBe(200);
    expect((await get(reader, groups)).count).toBe(groupsBefore);

    const users = '/api/users/0/100/-1';
    const search = '/api/search/searchusers/0/20/zebedee';
    const usersBefore = (await get(admin, users)).total;
    expect((await get(admin, search)).count).toBe(0);
    const zeb = await createUser(t.app, { firstName: 'Zebedee', lastName: 'Newcomer' });
    list = await get(admin, users);
    expect(list.total).toBe(usersBefore + 1);
    expect(list.users.map((u: { id: number }) => u.id)).toContain(zeb.id);
    expect((await get(admin, search)).count).toBe(1);
    // Renamed: found by the new name only (PostgreSQL keeps the stored document by trigger).
    await t.app.db.updateTable('users').set({ first_name: 'Zacharias' }).where('id', '=', zeb.id).execute();
    expect((await get(admin, search)).count).toBe(0);
    expect((await get(admin, '/api/search/searchusers/0/20/zacharias')).users.map((u: { id: number }) => u.id)).toEqual([zeb.id]);
    await t.app.db.deleteFrom('users').where('id', '=', zeb.id).execute();
    expect((await get(admin, users)).total).toBe(usersBefore);
    expect((await get(admin, search)).count).toBe(0);
  });

  it('the stored totals of the library, the feed and each group stay equal to a count of their rows through every kind of write', async () => {
    const db = t.app.db;
    const counted = async () => {
      const library = await db.selectFrom('scenarios').select((eb) => eb.fn.countAll<number>().as('n')).where('privacy_level', '=', 2).where('is_processed', '=', 1).executeTakeFirstOrThrow();
      const posts = await db.selectFrom('posts').select(['group_id', (eb) => eb.fn.countAll<number>().as('n')]).where('status', '=', 1).where('deleted_at', 'is', null).groupBy('group_id').execute();
      const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const groups = await db.selectFrom('forum_groups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const out: Record<string, number> = { library: Number(library.n), feed: 0, users: Number(users.n), groups: Number(groups.n) };
      for (const p of posts) out[p.group_id === null ? 'feed' : `group:${p.group_id}`] = Number(p.n);
      return out;
    };
    const stored = async () => {
      const rows = await db.selectFrom('list_totals').select(['name', 'n']).execute();
      return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0 || !r.name.startsWith('group:')).map((r) => [r.name, Number(r.n)]));
    };
    const group = await as(t.app, owner, { method: 'POST', url: '/api/forumgroup/creategroup', payload: { name: 'Totals kept', membershipType: 0 } });
    expect(group.statusCode).toBe(201);
    const groupId = (await get(owner, '/api/search/searchgroups/0/20/totals')).groups[0].id as number;
    const now = new Date().toISOString();
    const post = (groupIdOf: number | null, status: number) =>
      db.insertInto('posts').values({ title: 'Counted', text: 'A post', creator_id: owner.id, group_id: groupIdOf, status, type: 'post', created_at: now, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    const a = await post(null, 1);
    const b = await post(groupId, 1);
    const c = await post(groupId, 0);
    await post(null, 0);
    expect(await stored()).toEqual(await counted());
    // Approve, move between groups and the feed, soft delete, restore, hard delete.
    await db.updateTable('posts').set({ status: 1 }).where('id', '=', c.id).execute();
    await db.updateTable('posts').set({ group_id: null }).where('id', '=', b.id).execute();
    await db.updateTable('posts').set({ deleted_at: now }).where('id', '=', a.id).execute();
    expect(await stored()).toEqual(await counted());
    await db.updateTable('posts').set({ deleted_at: null, title: 'Restored' }).where('id', '=', a.id).execute();
    await db.deleteFrom('posts').where('id', '=', c.id).execute();
    expect(await stored()).toEqual(await counted());
    // Scenarios: public and processed, private, unprocessed, deleted.
    const s1 = await addScenario(t.app, owner.id, 'Counted one', tagId);
    const s2 = await addScenario(t.app, owner.id, 'Counted two', tagId);
    await db.updateTable('scenarios').set({ privacy_level: 0 }).where('id', '=', s1).execute();
    await db.updateTable('scenarios').set({ is_processed: 0, name: 'Renamed' }).where('id', '=', s2).execute();
    expect(await stored()).toEqual(await counted());
    // A search counts only library matches: neither the private one nor the unprocessed one.
    const searchCounted = '/api/scenarios/0/10/-1/-1/counted/-1';
    expect((await get(reader, searchCounted)).total).toBe(0);
    await db.updateTable('scenarios').set({ privacy_level: 1 }).where('id', '=', s1).execute();
    expect((await get(reader, searchCounted)).total).toBe(0);
    await db.updateTable('scenarios').set({ privacy_level: 2 }).where('id', '=', s1).execute();
    expect((await get(reader, searchCounted)).scenarios.map((x: { id: number }) => x.id)).toEqual([s1]);
    expect((await get(reader, searchCounted)).total).toBe(1);
    await db.deleteFrom('scenarios').where('id', '=', s2).execute();
    expect(await stored()).toEqual(await counted());
    // Accounts and groups come and go.
    const extra = await createUser(t.app, { firstName: 'Counted', lastName: 'Account' });
    await db.deleteFrom('forum_groups').where('id', '=', groupId).execute();
    expect(await stored()).toEqual(await counted());
    await db.deleteFrom('users').where('id', '=', extra.id).execute();
    expect(await stored()).toEqual(await counted());
    // And the API answers them: the whole library, the feed, the group's posts.
    const totals = await counted();
    expect((await get(reader, '/api/scenarios/0/10/-1/-1/-1')).total).toBe(totals.library);
    expect((await get(admin, '/api/users/0/100/-1')).total).toBe(totals.users);
    expect((await get(reader, '/api/search/searchgroups/0/20/-1')).count).toBe(totals.groups);
  });

  it("a reader's cached answers follow their favourites and their access to a group at once", async () => {
    const id = await addScenario(t.app, owner.id, 'Favourite case', tagId);
    const url = '/api/scenarios/0/10/-1/-1/favourite/-1';
    const shown = async () => (await get(reader, url)).scenarios.find((s: { id: number }) => s.id === id);
    expect(await shown()).toMatchObject({ is_favourited_by_current_user: false, number_favourites: 0 });
    expect((await as(t.app, reader, { method: 'POST', url: `/api/scenarios/togglefavourite/${id}` })).statusCode).toBe(200);
    expect(await shown()).toMatchObject({ is_favourited_by_current_user: true, number_favourites: 1 });
    // Another reader shares the rows but not the favourite.
    expect((await get(owner, url)).scenarios.find((s: { id: number }) => s.id === id)).toMatchObject({ is_favourited_by_current_user: false, number_favourites: 1 });

    const created = await as(t.app, owner, { method: 'POST', url: '/api/forumgroup/creategroup', payload: { name: 'Open for now', membershipType: 0 } });
    expect(created.statusCode).toBe(201);
    const groupId = (await get(reader, '/api/search/searchgroups/0/20/open')).groups.find((g: { name: string }) => g.name === 'Open for now').id;
    const posts = `/api/forumgroup/GetGroupPosts/${groupId}?offset=0&count=5`;
    expect((await get(reader, posts)).total).toBe(0);
    const closed = await as(t.app, owner, { method: 'PATCH', url: `/api/forumgroup/updategroup/${groupId}`, payload: { name: 'Open for now', membershipType: 1 } });
    expect(closed.statusCode).toBe(200);
    expect((await as(t.app, reader, { method: 'GET', url: posts })).statusCode).toBe(404);
  });

  it('compresses a large JSON answer for a client that accepts it, and nothing short', async () => {
    for (let i = 0; i < 12; i++) await addScenario(t.app, owner.id, `Compressed case ${i}`, tagId);
    const url = '/api/scenarios/0/12/-1/-1/-1';
    const plain = await as(t.app, reader, { method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const gzip = await as(t.app, reader, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const br = await as(t.app, reader, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const refused = await as(t.app, reader, { method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());

    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});

// A process keeps the sessions it has looked up under the versions of sessions and users
// (migration 0017, plugins/session.ts): a change to either, made by any process, is seen by the
// next request.
describe.each(dbKinds)('kept sessions follow every write (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const me = (user: { cookie: string }) => as(t.app, user, { method: 'GET', url: '/api/users/me' });

  it('a session deleted, a user disabled or renamed straight in the database shows on the next request', async () => {
    const gone = await createUser(t.app, { firstName: 'Gwen', lastName: 'Gone' });
    expect((await me(gone)).statusCode).toBe(200);
    expect((await me(gone)).json().first_name).toBe('Gwen');
    await t.app.db.deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    const after = await me(gone);
    expect(after.statusCode).toBe(401);

    const off = await createUser(t.app, { firstName: 'Otto', lastName: 'Off' });
    expect((await me(off)).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ enabled: 0 }).where('id', '=', off.id).execute();
    expect((await me(off)).statusCode).toBe(401);

    const renamed = await createUser(t.app, { firstName: 'Rosa', lastName: 'Renamed' });
    expect((await me(renamed)).json().first_name).toBe('Rosa');
    await t.app.db.updateTable('users').set({ first_name: 'Rosalind' }).where('id', '=', renamed.id).execute();
    expect((await me(renamed)).json().first_name).toBe('Rosalind');
  });

  it('an expired session is refused though it was kept', async () => {
    const user = await createUser(t.app, { firstName: 'Ezra', lastName: 'Expired' });
    expect((await me(user)).statusCode).toBe(200);
    // Expired in the database: the write changes the sessions version, and the row is read again.
    await t.app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    expect((await me(user)).statusCode).toBe(401);
  });

  it('a sign-in leaves the users and sessions versions as they were; a rename or a sign-out raises them', async () => {
    const user = await createUser(t.app, { firstName: 'Sid', lastName: 'Signin' });
    const versions = async () => {
      const rows = await t.app.db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', ['users', 'sessions']).execute();
      return Object.fromEntries(rows.map((r) => [r.name, String(r.version)]));
    };
    const before = await versions();
    // A second sign-in writes last_login and a new session: bookkeeping, no cached page or session changes.
    const cookie = await login(t.app, user.username, TEST_PASSWORD);
    expect((await t.app.db.selectFrom('users').select('last_login').where('id', '=', user.id).executeTakeFirstOrThrow()).last_login).toBeTruthy();
    expect(await versions()).toEqual(before);
    expect((await me({ cookie })).json().first_name).toBe('Sid');

    await t.app.db.updateTable('users').set({ last_name: 'Signed' }).where('id', '=', user.id).execute();
    const renamed = await versions();
    expect(renamed.users).not.toBe(before.users);
    expect((await me({ cookie })).json().last_name).toBe('Signed');

    const out = await as(t.app, { cookie }, { method: 'GET', url: '/api/me/logout' });
    expect(out.statusCode).toBeLessThan(300);
    expect((await versions()).sessions).not.toBe(before.sessions);
    expect((await me({ cookie })).statusCode).toBe(401);
  });

  it.runIf(kind === 'sqlite')("every users column but last_login is compared by the users version's trigger", async () => {
    const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'users_list_version_update'`.execute(t.app.db);
    const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('users')`.execute(t.app.db)).rows.map((r) => r.name);
    const compared = [...rows[0].sql.matchAll(/NEW\."(\w+)"/g)].map((m) => m[1]);
    expect(compared.sort()).toEqual(columns.filter((c) => c !== 'last_login').sort());
  });
});

// A GET request reads the table versions once, for its session and all its lists
// (lib/request-scope.ts); a write of its own is seen, and on SQLite a read never sees a transaction
// that has not committed (lib/list-cache.ts).
describe.each(dbKinds)('one read of the versions per GET request (%s)', (kind) => {
  let t: TestApp;
  let otherConnection: { run(text: string): Promise<void>; close(): Promise<void> };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    if (kind === 'sqlite') {
      // Another process of the app: its connection has the functions the triggers call.
      const other = new SQLite(path.join(t.dataDir, 'community.sqlite'));
      registerSqliteFunctions(other);
      otherConnection = {
        run: async (text) => {
          other.exec(text);
        },
        close: async () => {
          other.close();
        },
      };
    } else {
      const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(t.app.db)).rows[0].s;
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      await other.query(`SET search_path TO "${schema}"`);
      otherConnection = { run: async (text) => void (await other.query(text)), close: () => other.end() };
    }
  });
  afterAll(async () => {
    await otherConnection.close();
    await t.close();
  });

  const tagsVersion = async () => (await listCache(t.app.db).versions()).get('tags');
  const inScope = <T>(fn: () => Promise<T>) => new Promise<T>((resolve, reject) => inRequestScope(() => void fn().then(resolve, reject)));

  it("within a request, another process's later write is not read again; the request's own writes are", async () => {
    await inScope(async () => {
      const first = await tagsVersion();
      await otherConnection.run("INSERT INTO tags (title) VALUES ('Written elsewhere')");
      // A SELECT of its own does not make the request read the versions again.
      await sql`SELECT count(*) AS n FROM tags`.execute(t.app.db);
      await t.app.db.selectFrom('tags').select('id').execute();
      expect(await tagsVersion()).toBe(first);
      // Its own write does, through the query builder or as raw SQL.
      await t.app.db.insertInto('tags').values({ title: 'Written here' }).execute();
      const second = await tagsVersion();
      expect(Number(second)).toBe(Number(first) + 2);
      await sql`UPDATE tags SET title = 'Renamed here' WHERE title = 'Written here'`.execute(t.app.db);
      expect(Number(await tagsVersion())).toBe(Number(second) + 1);
    });
    // Outside any request, and in the next one, every read is fresh.
    const now = Number(await tagsVersion());
    await otherConnection.run("DELETE FROM tags WHERE title = 'Written elsewhere'");
    expect(Number(await tagsVersion())).toBe(now + 1);
    await inScope(async () => expect(Number(await tagsVersion())).toBe(now + 1));
  });

  it('a signed-in GET of a list reads the versions once; a POST reads them afresh', async () => {
    // Every read of list_versions, on either database: better-sqlite3 statements, or pg queries.
    const reads = () => {
      if (kind === 'sqlite') {
        const statement = Object.getPrototypeOf(sqliteConnection(t.app.db)!.prepare('SELECT 1')) as { get: (...a: unknown[]) => unknown; all: (...a: unknown[]) => unknown };
        const count = { n: 0 };
        const spies = (['get', 'all'] as const).map((m) => {
          const original = statement[m];
          return vi.spyOn(statement, m).mockImplementation(function (this: { source: string }, ...args: unknown[]) {
            if (this.source.includes('list_versions')) count.n++;
            return original.apply(this, args);
          });
        });
        return { count, restore: () => spies.forEach((s) => s.mockRestore()) };
      }
      const original = pg.Client.prototype.query;
      const count = { n: 0 };
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
        if (text?.includes('list_versions')) count.n++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as never);
      return { count, restore: () => spy.mockRestore() };
    };
    const user = await createUser(t.app, { firstName: 'Vera', lastName: 'Versions' });
    const library = '/api/scenarios/0/10/-1/-1/-1';
    expect((await as(t.app, user, { method: 'GET', url: library })).statusCode).toBe(200);

    const watched = reads();
    try {
      // Session, total and page: one read.
      expect((await as(t.app, user, { method: 'GET', url: library })).statusCode).toBe(200);
      expect(watched.count.n).toBe(1);
      expect((await as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' })).statusCode).toBe(200);
      expect(watched.count.n).toBe(2);
      // A POST has no scope: its session lookup reads them, and so would each list it read.
      watched.count.n = 0;
      const created = await as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Versions read afresh', text: 'One read per step.' } });
      expect(created.statusCode).toBe(201);
      expect(watched.count.n).toBeGreaterThanOrEqual(1);
    } finally {
      watched.restore();
    }
  });

  it('a version raised in a transaction that rolls back is never read', async () => {
    const before = await tagsVersion();
    let during: Promise<string | undefined> | undefined;
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await trx.insertInto('tags').values({ title: 'Rolled back' }).execute();
        // Not awaited here: on SQLite it waits for the transaction's connection.
        during = tagsVersion();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await during).toBe(before);
    expect(await tagsVersion()).toBe(before);
  });
});
