// A page deep in a reader's feed or in a group's posts starts at the month that holds its first row
// (migration 0057, features/posts/repository.ts feedPage): every page must be its slice of the
// list, newest first and ties by id, read from either end, also after posts are held for approval,
// approved, deleted, moved to another group or month, added, and after the reader joins or leaves a
// group, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/server/db/connection.js';
import { MONTH_FREE_OFFSET } from '../../src/server/lib/pages.js';
import { expectPagesAreSlices } from './page-slices.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** Posts seeded: enough that pages in the middle of a group's posts are past the offsets read without months. */
const ROWS = 3_200;

/** Row i's time: about 240 a month over 13 months, every two rows sharing a minute (ties by id). */
const at = (i: number) => new Date(Date.UTC(2024, 10, 1) + Math.floor(i / 2) * 6 * 60_000 * 60).toISOString();

describe.each(dbKinds)('feeds by months (%s)', (kind) => {
  let t: TestApp;
  let reader: TestUser;
  let author: TestUser;
  /** The reader's group, and one the reader is not in. */
  let mine = 0;
  let theirs = 0;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reader = await createUser(t.app, { firstName: 'Rhea', lastName: 'Reader' });
    author = await createUser(t.app, { firstName: 'Arlo', lastName: 'Author' });
    const group = async (name: string) => {
      const g = await t.app.db
        .insertInto('forum_groups')
        .values({ name, description: 'Paged by month', membership_type: 0, posting_type: 'allowAll', creator_id: author.id, created_at: now(), updated_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.app.db.insertInto('group_members').values({ group_id: g.id, user_id: author.id, member_type: 2, joined_at: now() }).execute();
      return g.id;
    };
    mine = await group('Month readers');
    theirs = await group('Month writers');
    await t.app.db.insertInto('group_members').values({ group_id: mine, user_id: reader.id, member_type: 0, joined_at: now() }).execute();
    for (let start = 0; start < ROWS; start += 200) {
      const rows = Array.from({ length: 200 }, (_, k) => {
        const i = start + k;
        // A quarter public, half in the reader's group, a quarter in the other group; every
        // thirteenth held for approval and every seventeenth deleted: not listed.
        const groupId = i % 4 === 0 ? null : i % 4 === 3 ? theirs : mine;
        return {
          title: `Month ${i}`, text: 'Paged by month', creator_id: author.id, group_id: groupId, status: i % 13 === 5 ? 0 : 1,
          type: 'post' as const, created_at: at(i), deleted_at: i % 17 === 2 ? at(i) : null,
        };
      });
      ids.push(...(await t.app.db.insertInto('posts').values(rows).returning('id').execute()).map((r) => r.id));
    }
  });
  afterAll(() => t.close());

  /** The listed posts of `groups` (null: the public feed), newest first, ties by id, straight from the database. */
  async function expected(groups: (number | null)[]): Promise<number[]> {
    const rows = await t.app.db.selectFrom('posts').select(['id', 'created_at', 'group_id']).where('status', '=', 1).where('deleted_at', 'is', null).execute();
    return rows
      .filter((r) => groups.includes(r.group_id))
      .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      .map((r) => r.id);
  }
  const readersGroups = async () => [null, ...(await t.app.db.selectFrom('group_members').select('group_id').where('user_id', '=', reader.id).execute()).map((r) => r.group_id)];

  async function page(url: string): Promise<{ total: number; ids: number[] }> {
    const res = await as(t.app, reader, { method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const body = res.json() as { total: number; posts: { id: number }[] };
    return { total: body.total, ids: body.posts.map((p) => p.id) };
  }

  /** Pages at offsets across the list (months' edges included) are their slices of it. */
  async function pagesMatch(all: number[], url: (offset: number, count: number) => string) {
    expect(all.length).toBeGreaterThan(2 * MONTH_FREE_OFFSET + 100);
    const offsets = [0, MONTH_FREE_OFFSET - 1, MONTH_FREE_OFFSET, MONTH_FREE_OFFSET + 1, 555, 600, 611, 640, all.length - 600, all.length - 501, all.length - 100, all.length - 17, all.length - 1];
    await expectPagesAreSlices(all, (offset, count) => page(url(offset, count)), offsets, 17);
    expect((await page(url(all.length, 10))).ids).toEqual([]);
  }
  const feed = (offset: number, count: number) => `/api/forumpost/GetPosts/${offset}/${count}/-1`;
  const groupPosts = (offset: number, count: number) => `/api/forumpost/GetGroupPosts/${mine}?offset=${offset}&count=${count}`;

  it("every page of the reader's feed and of a group's posts, deep in the middle and from the end, is its slice", async () => {
    await pagesMatch(await expected(await readersGroups()), feed);
    await pagesMatch(await expected([mine]), groupPosts);
  });

  it('follows posts held, approved, deleted, moved to another group or month and added, and the groups the reader is in', async () => {
    const db = t.app.db;
    await db.updateTable('posts').set({ status: 0 }).where('id', 'in', [ids[101]!, ids[1_601]!, ids[1_602]!]).execute();
    await db.updateTable('posts').set({ status: 1 }).where('id', '=', ids[5]!).execute();
    await db.updateTable('posts').set({ deleted_at: now() }).where('id', 'in', [ids[1_000]!, ids[10]!]).execute();
    await db.updateTable('posts').set({ group_id: theirs }).where('id', '=', ids[1_201]!).execute();
    await db.updateTable('posts').set({ group_id: null }).where('id', '=', ids[1_203]!).execute();
    // The oldest post becomes the newest, and one of the middle moves back a year.
    await db.updateTable('posts').set({ created_at: at(ROWS + 50) }).where('id', '=', ids[1]!).execute();
    await db.updateTable('posts').set({ created_at: '2023-06-15T10:00:00.000Z' }).where('id', '=', ids[1_606]!).execute();
    await db.insertInto('posts').values({ title: 'Newest', text: 'x', creator_id: author.id, group_id: mine, status: 1, type: 'post', created_at: now(), deleted_at: null }).execute();
    await db.deleteFrom('posts').where('id', '=', ids[2_002]!).execute();
    await pagesMatch(await expected(await readersGroups()), feed);
    await pagesMatch(await expected([mine]), groupPosts);

    // The reader joins the other group: the feed holds its posts too; then leaves their own.
    await db.insertInto('group_members').values({ group_id: theirs, user_id: reader.id, member_type: 0, joined_at: now() }).execute();
    await pagesMatch(await expected(await readersGroups()), feed);
    await db.deleteFrom('group_members').where('group_id', '=', mine).where('user_id', '=', reader.id).execute();
    await pagesMatch(await expected(await readersGroups()), feed);
  });
});
