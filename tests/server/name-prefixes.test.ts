// A page deep in the admins' user list or the groups directory starts at the name prefix that holds
// its first row (migrations 0056 and 0058, lib/name-prefixes.ts): every page must be its slice of
// the list, by name and id, read from either end, also after rows are renamed, deleted and added, on
// both databases (the test database's collation orders text by code point, where PostgreSQL uses
// the prefixes too).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesInCodePointOrder, PREFIX_FREE_OFFSET } from '../../src/server/lib/name-prefixes.js';
import { expectPagesAreSlices } from './page-slices.js';
import { statementsOf } from './statements.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** Accounts seeded: enough that pages in the middle are past the offsets read without prefixes. */
const ROWS = 1_400;
/** Last names: one prefix shared by many, letters of both cases, accents, one letter alone. */
const LAST = ['Smith', 'smith', 'Smyth', 'Müller', 'Muller', 'Mu', 'O', "O'Brien", 'Okafor', 'Éluard', 'Zhang', 'de la Cruz', 'De Vries', 'Ng', 'García', 'Garcia', 'Khan'];
const FIRST = ['Ava', 'ava', 'Ben', 'Ólafur', 'Zoe', 'amir'];
/** Row i's names: runs of one last name now and then, so some prefixes hold many rows. */
const lastOf = (i: number) => LAST[(i * 5 + Math.floor(i / 40)) % LAST.length]!;
const firstOf = (i: number) => FIRST[(i * 7) % FIRST.length]!;

describe.each(dbKinds)('the user list by name prefixes (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { role: 7, firstName: 'Ada', lastName: 'Admin' });
    for (let start = 0; start < ROWS; start += 200) {
      const rows = Array.from({ length: 200 }, (_, k) => {
        const i = start + k;
        const name = `prefix_${i}_${crypto.randomBytes(3).toString('hex')}`;
        return {
          uuid_id: crypto.randomUUID(), first_name: firstOf(i), last_name: lastOf(i), username: name,
          email: `${name}@example.test`, password_hash: 'x', mobile_phone: null, role: 1, enabled: i % 9 === 0 ? 0 : 1, email_verified: 1, can_provision: 0,
          is_pre_release: 0, organisation_id: null, distributor_id: 1, last_login: null, created_at: new Date().toISOString(),
        };
      });
      ids.push(...(await t.app.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
    }
  });
  afterAll(() => t.close());

  /** Every account in the list's order, straight from the database. */
  async function expected(): Promise<number[]> {
    const order = kind === 'postgres' ? sql`last_name_key, first_name_key, id` : sql`lower(last_name), lower(first_name), id`;
    return (await sql<{ id: number }>`SELECT id FROM users ORDER BY ${order}`.execute(t.app.db)).rows.map((r) => r.id);
  }

  async function page(offset: number, count: number): Promise<{ total: number; ids: number[] }> {
    const res = await as(t.app, admin, { method: 'GET', url: `/api/users/${offset}/${count}/-1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; users: { id: number }[] };
    return { total: body.total, ids: body.users.map((u) => u.id) };
  }

  /** Pages at offsets across the list (prefixes' edges included) are their slices of it. */
  async function pagesMatch() {
    const all = await expected();
    const offsets = [0, PREFIX_FREE_OFFSET - 1, PREFIX_FREE_OFFSET, PREFIX_FREE_OFFSET + 1, 555, 600, 650, 699, 700, 701, 777, all.length - 600, all.length - 501, all.length - 100, all.length - 37, all.length - 1];
    await expectPagesAreSlices(all, page, offsets, 37);
    expect((await page(all.length, 10)).ids).toEqual([]);
  }

  it('every page, deep in the middle and from the end, is its slice of the list', async () => {
    // The pages below come from the prefixes on both databases.
    expect(await namesInCodePointOrder(t.app.db, kind)).toBe(true);
    expect((await expected()).length).toBeGreaterThan(2 * PREFIX_FREE_OFFSET + 100);
    await pagesMatch();
  });

  it("reads a deep page's prefix, ids and accounts in one statement", async () => {
    const all = await expected();
    let ids: number[] = [];
    const statements = await statementsOf(t.app.db, async () => ({ ids } = await page(640, 30)));
    expect(ids).toEqual(all.slice(640, 670));
    const reads = statements.filter((s) => /user_name_prefixes/.test(s));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/u\.email/);
    expect(statements.filter((s) => /u\.email/.test(s))).toEqual(reads);
  });

  it('follows accounts renamed, deleted and added', async () => {
    const db = t.app.db;
    await db.updateTable('users').set({ last_name: 'Aaronson' }).where('id', 'in', [ids[700]!, ids[701]!, ids[1_300]!]).execute();
    await db.updateTable('users').set({ last_name: 'Zz' }).where('id', '=', ids[5]!).execute();
    await db.updateTable('users').set({ first_name: 'Aaron' }).where('id', '=', ids[650]!).execute();
    await db.deleteFrom('users').where('id', 'in', [ids[900]!, ids[10]!, ids[11]!]).execute();
    await createUser(t.app, { firstName: 'Newton', lastName: 'Mu' });
    await createUser(t.app, { firstName: 'Nell', lastName: 'Ýr' });
    await pagesMatch();
  });
});

describe.each(dbKinds)('the groups directory by name prefixes (%s)', (kind) => {
  let t: TestApp;
  let reader: TestUser;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reader = await createUser(t.app, { firstName: 'Gil', lastName: 'Groups' });
    const at = new Date().toISOString();
    for (let start = 0; start < ROWS; start += 200) {
      const rows = Array.from({ length: 200 }, (_, k) => {
        const i = start + k;
        return { name: `${lastOf(i)} ${firstOf(i)} circle`, description: 'Paged by prefix', membership_type: i % 3 === 0 ? 1 : 0, posting_type: 'allowAll' as const, creator_id: reader.id, created_at: at, updated_at: at };
      });
      ids.push(...(await t.app.db.insertInto('forum_groups').values(rows).returning('id').execute()).map((r) => r.id));
    }
  });
  afterAll(() => t.close());

  async function expected(): Promise<number[]> {
    const order = kind === 'postgres' ? sql`name_key, id` : sql`lower(name), id`;
    return (await sql<{ id: number }>`SELECT id FROM forum_groups ORDER BY ${order}`.execute(t.app.db)).rows.map((r) => r.id);
  }

  async function page(offset: number, count: number): Promise<{ total: number; ids: number[] }> {
    const res = await as(t.app, reader, { method: 'GET', url: `/api/search/searchgroups/${offset}/${count}/-1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; groups: { id: number }[] };
    return { total: body.count, ids: body.groups.map((g) => g.id) };
  }

  async function pagesMatch() {
    const all = await expected();
    const offsets = [0, PREFIX_FREE_OFFSET, PREFIX_FREE_OFFSET + 1, 612, 700, 701, all.length - 501, all.length - 20, all.length - 1];
    await expectPagesAreSlices(all, page, offsets, 20);
  }

  it('every page, deep in the middle and from the end, is its slice of the directory', async () => {
    expect((await expected()).length).toBeGreaterThan(2 * PREFIX_FREE_OFFSET + 100);
    await pagesMatch();
  });

  it("reads a deep page's prefix, ids and groups in one statement", async () => {
    const all = await expected();
    let ids: number[] = [];
    const statements = await statementsOf(t.app.db, async () => ({ ids } = await page(620, 20)));
    expect(ids).toEqual(all.slice(620, 640));
    const reads = statements.filter((s) => /forum_groups g/.test(s));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/group_name_prefixes/);
    expect(reads[0]).toMatch(/g\.description/);
  });

  it('follows groups renamed, deleted and added', async () => {
    const db = t.app.db;
    await db.updateTable('forum_groups').set({ name: 'Aardvark club' }).where('id', 'in', [ids[700]!, ids[1_300]!]).execute();
    await db.updateTable('forum_groups').set({ name: 'zz last' }).where('id', '=', ids[5]!).execute();
    await db.deleteFrom('forum_groups').where('id', 'in', [ids[900]!, ids[10]!]).execute();
    const at = new Date().toISOString();
    await db.insertInto('forum_groups').values({ name: 'Mu new circle', description: 'Added', membership_type: 0, posting_type: 'allowAll', creator_id: reader.id, created_at: at, updated_at: at }).execute();
    await pagesMatch();
  });
});
