// Pages at any depth (src/server/lib/pages.ts): offset pages are found through an index and the
// back half of a list is read from its end, and the feed and group posts also page by cursor. Every
// way of walking a list must give the same items in the same order, with no duplicates and no gaps,
// also when items tie on their sort time; and totals and pages follow rows written by another
// connection to the same database.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../src/server/db/connection.js';
import { Role } from '../../src/shared/enums.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** Times of the seeded rows: every three rows share one, so the order must fall back to the id. */
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();

async function addPost(db: DB, creatorId: number, groupId: number | null, i: number, title: string, text = 'A plain post') {
  const row = await db
    .insertInto('posts')
    .values({ title, text, creator_id: creatorId, group_id: groupId, status: 1, type: 'post', created_at: at(i), deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addScenario(db: DB, owner: number, i: number, name: string) {
  const row = await db
    .insertInto('scenarios')
    .values({
      uuid_id: crypto.randomUUID(), name, description: 'Paged', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: null,
      patient_photo_code: null, file_key: 'scenarios/x.json', file_name: 'x.json', file_size: 1, privacy_level: 2, is_processed: 1,
      processing_error: null, contributed_by: owner, contributed_at: at(i), num_downloads: 0, duration_in_seconds: 0, num_checklist_items: 0,
      num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: 'en-GB', directory_id: null, search_text: name,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addMedia(db: DB, owner: number, i: number) {
  const uuid = crypto.randomUUID();
  await db
    .insertInto('media')
    .values({
      uuid_id: uuid, name: `Clip ${i}`, description: null, is_video: 0, file_key: `media/${uuid}`, file_name: 'x.jpg', file_size: 1, mime_type: 'image/jpeg',
      thumb_key: null, is_processed: 1, processing_error: null, approval_status: 2, rejection_reason: null, privacy_level: 2, contributed_by: owner,
      contributed_at: at(i), num_downloads: 0, duration_in_seconds: 0,
    })
    .execute();
}

describe.each(dbKinds)('pages at any depth (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let groupId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    admin = await createUser(t.app, { firstName: 'Ada', lastName: 'Admin', role: Role.User | Role.Admin });
    const db = t.app.db;
    const g = await db
      .insertInto('forum_groups')
      .values({ name: 'Paging circle', description: 'Open', membership_type: 0, posting_type: 'allowAll', creator_id: owner.id, created_at: at(0), updated_at: at(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupId = g.id;
    await db.insertInto('group_members').values({ group_id: groupId, user_id: owner.id, member_type: 2, joined_at: at(0) }).execute();
    // Inserted out of time order, so ids do not follow the times.
    const order = Array.from({ length: 23 }, (_, i) => (i * 7) % 23);
    for (const i of order) {
      // Titles of every third post hold 'rhythm'; the texts of every second one: two search tiers.
      await addPost(db, owner.id, null, i, i % 3 === 0 ? `Rhythm strip ${i}` : `Feed post ${i}`, i % 2 === 0 ? 'About the rhythm' : 'Plain');
      await addPost(db, owner.id, groupId, i, `Group post ${i}`);
      await addScenario(db, owner.id, i, `Paged scenario ${i}`);
      await addMedia(db, owner.id, i);
      await db.insertInto('forum_groups').values({ name: `Directory ${i % 5}`, description: 'Same names tie', membership_type: 0, posting_type: 'allowAll', creator_id: owner.id, created_at: at(i), updated_at: at(i) }).execute();
      await createUser(t.app, { firstName: 'Pat', lastName: `Same${i % 4}` });
      await db.insertInto('audit_log').values({ actor_id: admin.id, action: 'user.update', target_type: 'user', target_id: String(i), detail: null, created_at: at(i) }).execute();
    }
  });
  afterAll(() => t.close());

  const get = async (url: string, user: TestUser = admin) => {
    const res = await as(t.app, user, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every page of `size` by offset, then one page holding all: the same ids in the same order. */
  async function walkByOffset(
    page: (offset: number, count: number) => string,
    items: (body: never) => { id: number }[],
    size: number,
    all: number,
    user: TestUser = admin,
  ) {
    const whole = await get(page(0, all), user);
    const expected = items(whole as never).map((x) => x.id);
    const total: number = (whole as { total?: number; count?: number }).total ?? (whole as { count: number }).count;
    expect(expected.length).toBe(total);
    const walked: number[] = [];
    for (let offset = 0; offset < total; offset += size) walked.push(...items((await get(page(offset, size), user)) as never).map((x) => x.id));
    expect(walked).toEqual(expected);
    expect(new Set(walked).size).toBe(walked.length);
    expect(items((await get(page(total, size), user)) as never)).toEqual([]);
    return expected;
  }

  /** The feed or a group's posts by cursor, from the first page until nextCursor is null. */
  async function walkByCursor(first: string, next: (cursor: string) => string) {
    const ids: number[] = [];
    let body = await get(first);
    ids.push(...body.posts.map((p: { id: number }) => p.id));
    while (body.nextCursor) {
      body = await get(next(body.nextCursor));
      ids.push(...body.posts.map((p: { id: number }) => p.id));
    }
    return ids;
  }

  const posts = (b: { posts: { id: number }[] }) => b.posts;

  it('the feed: pages by cursor and by offset hold the same posts in the same order, newest first, ties by id', async () => {
    const byOffset = await walkByOffset((o, c) => `/api/forumpost/GetPosts/${o}/${c}/-1`, posts, 5, 50);
    expect(byOffset).toHaveLength(23);
    const byCursor = await walkByCursor('/api/forumpost/GetPosts/0/5/-1', (c) => `/api/forumpost/GetPosts/0/5/-1?cursor=${c}`);
    expect(byCursor).toEqual(byOffset);
    // Newest first; posts of the same time by id, highest first.
    const rows = await t.app.db.selectFrom('posts').select(['id', 'created_at']).where('group_id', 'is', null).execute();
    const sorted = [...rows].sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1)).map((r) => r.id);
    expect(byOffset).toEqual(sorted);
  });

  it("a group's posts: pages by cursor and by offset agree, and the last page has no nextCursor", async () => {
    const url = (o: number, c: number) => `/api/forumgroup/GetGroupPosts/${groupId}?offset=${o}&count=${c}`;
    const byOffset = await walkByOffset(url, posts, 4, 50);
    expect(byOffset).toHaveLength(23);
    const byCursor = await walkByCursor(url(0, 4), (c) => `/api/forumgroup/GetGroupPosts/${groupId}?count=4&cursor=${c}`);
    expect(byCursor).toEqual(byOffset);
    expect((await get(url(20, 4))).nextCursor).toBeNull();
    expect((await get(url(0, 4))).nextCursor).toEqual(expect.any(String));
  });

  it('every offset list: each page, those of the back half too, is its slice of the whole list', async () => {
    await walkByOffset((o, c) => `/api/scenarios/${o}/${c}/-1/-1/-1`, (b: { scenarios: { id: number }[] }) => b.scenarios, 4, 100);
    await walkByOffset((o, c) => `/api/scenarios/${o}/${c}/2/1/-1`, (b: { scenarios: { id: number }[] }) => b.scenarios, 5, 100);
    await walkByOffset((o, c) => `/api/scenarios/${o}/${c}/-1/-1/paged/-1`, (b: { scenarios: { id: number }[] }) => b.scenarios, 6, 100);
    for (const sort of ['contributedAt/DESC', 'contributedAt/ASC', 'name/ASC', 'isProcessed/DESC']) {
      const list = (b: { scenarios: { id: number }[] }) => b.scenarios;
      const ids = await walkByOffset((o, c) => `/api/scenarios/myscenarios/${o}/${c}/${sort}`, list, 4, 100, owner);
      expect(ids).toHaveLength(23);
    }
    await walkByOffset((o, c) => `/api/media/${o}/${c}/-1/-1`, (b: { media: { id: number }[] }) => b.media, 4, 50);
    await walkByOffset((o, c) => `/api/media/MyMedia/${o}/${c}`, (b: { media: { id: number }[] }) => b.media, 4, 50, owner);
    await walkByOffset((o, c) => `/api/search/searchgroups/${o}/${c}/-1`, (b: { groups: { id: number }[] }) => b.groups, 4, 100);
    await walkByOffset((o, c) => `/api/search/searchgroups/${o}/${c}/directory`, (b: { groups: { id: number }[] }) => b.groups, 4, 100);
    await walkByOffset((o, c) => `/api/users/${o}/${c}/-1`, (b: { users: { id: number }[] }) => b.users, 4, 100);
    await walkByOffset((o, c) => `/api/users/${o}/${c}/pat`, (b: { users: { id: number }[] }) => b.users, 4, 100);
    await walkByOffset((o, c) => `/api/search/searchusers/${o}/${c}/same`, (b: { users: { id: number }[] }) => b.users, 4, 100);
    await walkByOffset((o, c) => `/api/admin/audit/${o}/${c}`, (b: { entries: { id: number }[] }) => b.entries, 4, 100);
    await walkByOffset((o, c) => `/api/search/searchposts/${o}/${c}/-1`, posts, 4, 100);
  });

  it('a library search lists its matches in library order, whether it walks the library (a common word) or gathers the matches (a rare one)', async () => {
    type Item = { id: number; name: string };
    const library: Item[] = (await get('/api/scenarios/0/100/-1/-1/-1')).scenarios;
    const search = async (words: string) => (await get(`/api/scenarios/0/100/-1/-1/${words}/-1`)).scenarios.map((x: Item) => x.id);
    // Every 'Paged scenario' holds the word: a common one.
    expect(await search('PAGED')).toEqual(library.filter((x) => x.name.startsWith('Paged scenario')).map((x) => x.id));
    // One scenario holds both words: a rare pair; prefixes match, whole words need not.
    expect(await search('pag,scenario,7')).toEqual(library.filter((x) => x.name === 'Paged scenario 7').map((x) => x.id));
    expect(await search('scen,1')).toEqual(library.filter((x) => /^Paged scenario 1\d?$/.test(x.name)).map((x) => x.id));
  });

  it('post search across its two tiers: every page is its slice, titles holding the words first, newest first within each', async () => {
    const ids = await walkByOffset((o, c) => `/api/search/searchposts/${o}/${c}/rhythm`, posts, 3, 100);
    const rows = await t.app.db.selectFrom('posts').select(['id', 'title', 'text']).where('group_id', 'is', null).execute();
    const inTitle = rows.filter((r) => /rhythm/i.test(r.title)).map((r) => r.id).sort((a, b) => b - a);
    const inText = rows.filter((r) => !/rhythm/i.test(r.title) && /rhythm/i.test(r.text)).map((r) => r.id).sort((a, b) => b - a);
    expect(ids).toEqual([...inTitle, ...inText]);
  });

  it('group search across its two tiers: every page is its slice, names holding the words first, each tier by name', async () => {
    for (const name of ['Tie breakers B', 'tie breakers a', 'Tie breakers B']) {
      await t.app.db.insertInto('forum_groups').values({ name, description: 'Named for ties', membership_type: 0, posting_type: 'allowAll', creator_id: owner.id, created_at: at(0), updated_at: at(0) }).execute();
    }
    const ids = await walkByOffset((o, c) => `/api/search/searchgroups/${o}/${c}/tie`, (b: { groups: { id: number }[] }) => b.groups, 4, 100);
    const rows = await t.app.db.selectFrom('forum_groups').select(['id', 'name', 'description']).execute();
    const byName = (a: { id: number; name: string }, b: { id: number; name: string }) =>
      a.name.toLowerCase() === b.name.toLowerCase() ? a.id - b.id : a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1;
    const named = rows.filter((r) => /\btie/i.test(r.name)).sort(byName).map((r) => r.id);
    const described = rows.filter((r) => !/\btie/i.test(r.name) && /\btie/i.test(r.description)).sort(byName).map((r) => r.id);
    expect(named).toHaveLength(3);
    expect(described.length).toBeGreaterThan(20);
    expect(ids).toEqual([...named, ...described]);
  });

  it('totals and pages follow rows another connection writes to the same database', async () => {
    const cfg = t.app.config;
    const other = openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, schema: cfg.databaseSchema });
    try {
      const before = await get('/api/forumpost/GetPosts/0/5/-1');
      const library = await get('/api/scenarios/0/5/-1/-1/-1');
      const fresh: number[] = [];
      for (let i = 100; i < 103; i++) fresh.push(await addPost(other.db, owner.id, null, i, `Written elsewhere ${i}`));
      await addScenario(other.db, owner.id, 100, 'Written elsewhere');
      await addScenario(other.db, owner.id, -30, 'Written elsewhere, oldest');

      const after = await get('/api/forumpost/GetPosts/0/5/-1');
      expect(after.total).toBe(before.total + 3);
      // The three newest (one time each, all after the others).
      expect(after.posts.slice(0, 3).map((p: { id: number }) => p.id)).toEqual([...fresh].reverse());
      const ids = await walkByOffset((o, c) => `/api/forumpost/GetPosts/${o}/${c}/-1`, posts, 5, 50);
      expect(await walkByCursor('/api/forumpost/GetPosts/0/5/-1', (c) => `/api/forumpost/GetPosts/0/5/-1?cursor=${c}`)).toEqual(ids);

      const lib = await walkByOffset((o, c) => `/api/scenarios/${o}/${c}/-1/-1/-1`, (b: { scenarios: { id: number; name: string }[] }) => b.scenarios, 4, 100);
      expect(lib).toHaveLength(library.total + 2);
      const last = await get(`/api/scenarios/${library.total + 1}/4/-1/-1/-1`);
      expect(last.scenarios.map((s: { name: string }) => s.name)).toEqual(['Written elsewhere, oldest']);
    } finally {
      await other.close();
    }
  });

  it('search totals and pages follow what another connection changes in a post or scenario that lists it', async () => {
    const cfg = t.app.config;
    const other = openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, schema: cfg.databaseSchema });
    const postSearch = (words: string) => walkByOffset((o, c) => `/api/search/searchposts/${o}/${c}/${words}`, posts, 2, 100, owner);
    const librarySearch = (age: number, condition: number, words: string) =>
      walkByOffset((o, c) => `/api/scenarios/${o}/${c}/${age}/${condition}/${encodeURIComponent(words)}/-1`, (b: { scenarios: { id: number }[] }) => b.scenarios, 2, 100);
    try {
      const ids: number[] = [];
      for (let i = 200; i < 205; i++) ids.push(await addPost(other.db, owner.id, null, i, `Capnography ${i}`, 'Waveform reading'));
      const newestFirst = [...ids].reverse();
      expect(await postSearch('capnography')).toEqual(newestFirst);
      // A title match ranks above a text match, whatever their age.
      const inText = await addPost(other.db, owner.id, null, 206, 'Monitoring', 'Capnography in the text only');
      expect(await postSearch('capno')).toEqual([...newestFirst, inText]);

      await other.db.updateTable('posts').set({ status: 0 }).where('id', '=', ids[0]).execute();
      await other.db.updateTable('posts').set({ deleted_at: at(300) }).where('id', '=', ids[1]).execute();
      expect(await postSearch('capnography')).toEqual(newestFirst.filter((id) => id !== ids[0] && id !== ids[1]).concat(inText));
      await other.db.updateTable('posts').set({ status: 1 }).where('id', '=', ids[0]).execute();
      expect((await get('/api/search/searchposts/0/20/capnography', owner)).count).toBe(5);

      // Moved into a closed group: members find it, others do not.
      const closed = await other.db
        .insertInto('forum_groups')
        .values({ name: 'Closed capnography circle', description: 'Members', membership_type: 1, posting_type: 'allowAll', creator_id: admin.id, created_at: at(0), updated_at: at(0) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await other.db.insertInto('group_members').values({ group_id: closed.id, user_id: admin.id, member_type: 2, joined_at: at(0) }).execute();
      await other.db.updateTable('posts').set({ group_id: closed.id }).where('id', '=', ids[2]).execute();
      expect(await postSearch('capnography')).not.toContain(ids[2]);
      const asMember = await get('/api/search/searchposts/0/20/capnography', admin);
      expect(asMember.count).toBe(5);
      expect(asMember.posts.map((p: { id: number }) => p.id)).toContain(ids[2]);

      // Library: public and processed, with the age and condition filters and accents folded.
      const a = await addScenario(other.db, owner.id, 210, 'Anämie im Kreissaal');
      const b = await addScenario(other.db, owner.id, 211, 'Anamie drill');
      await other.db.updateTable('scenarios').set({ patient_age: 1, search_text: 'Anamie drill' }).where('id', '=', b).execute();
      expect(await librarySearch(-1, -1, 'anamie')).toEqual([b, a]);
      expect((await get('/api/scenarios/0/10/-1/-1/anamie/-1')).total).toBe(2);
      expect(await librarySearch(2, 1, 'anamie')).toEqual([a]);
      expect(await librarySearch(1, -1, 'ANÄMIE')).toEqual([b]);
      await other.db.updateTable('scenarios').set({ privacy_level: 0 }).where('id', '=', a).execute();
      expect(await librarySearch(-1, -1, 'anamie')).toEqual([b]);
      await other.db.updateTable('scenarios').set({ privacy_level: 2, is_processed: 0 }).where('id', '=', a).execute();
      expect(await librarySearch(-1, -1, 'anamie')).toEqual([b]);
      await other.db.updateTable('scenarios').set({ is_processed: 1 }).where('id', '=', a).execute();
      expect(await librarySearch(-1, -1, 'kreis,anamie')).toEqual([a]);
      expect(await librarySearch(-1, -1, 'kreis,drill')).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('notifications: ?cursor= reads the 50 older ones until nextCursor is null, ties on the time by id', async () => {
    const values = Array.from({ length: 120 }, (_, i) => ({ user_id: owner.id, name: `Note ${i}`, description: 'Paged', link: '/feed', has_read: i % 2, created_at: at(i) }));
    await t.app.db.insertInto('notifications').values(values).execute();
    const rows = await t.app.db.selectFrom('notifications').select(['id', 'created_at']).where('user_id', '=', owner.id).execute();
    const expected = [...rows].sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1)).map((r) => r.id);
    const walked: number[] = [];
    let body = await get('/api/Notification', owner);
    expect(body.unread).toBe(60);
    const sizes = [body.notifications.length];
    walked.push(...body.notifications.map((n: { id: number }) => n.id));
    while (body.nextCursor) {
      body = await get(`/api/Notification?cursor=${body.nextCursor}`, owner);
      sizes.push(body.notifications.length);
      walked.push(...body.notifications.map((n: { id: number }) => n.id));
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(walked).toEqual(expected);
    const bad = await as(t.app, owner, { method: 'GET', url: '/api/Notification?cursor=%21' });
    expect(bad.statusCode).toBe(422);
  });

  it.each([
    ['not base64url', '%21%21'],
    ['not a cursor this server made', Buffer.from('nope').toString('base64url')],
    ['an id out of range', Buffer.from('2025-01-01T00:00:00.000Z|99999999999').toString('base64url')],
  ])('refuses a cursor that is %s with 422', async (_what, cursor) => {
    for (const url of [`/api/forumpost/GetPosts/0/5/-1?cursor=${cursor}`, `/api/forumgroup/GetGroupPosts/${groupId}?cursor=${cursor}`]) {
      const res = await as(t.app, admin, { method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message).toBe('Invalid cursor');
    }
  });
});
