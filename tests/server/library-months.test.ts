// A page deep in the whole library starts at the month that holds its first row (migration 0053,
// features/scenarios/repository.ts): every page must be its slice of the library, newest first and
// ties by id, read from either end, also after scenarios are hidden, unprocessed, deleted, moved to
// another month or added, on both databases.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonth } from '../../src/server/lib/pages.js';
import { expectPagesAreSlices } from './page-slices.js';
import { statementsOf } from './statements.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** Scenarios seeded: enough that pages in the middle are past the offsets read without months. */
const ROWS = 1_400;

/** Row i's time: about 100 a month over 14 months, every two rows sharing a minute (ties by id). */
const at = (i: number) => new Date(Date.UTC(2024, 10, 1) + Math.floor(i / 2) * 13 * 60_000 * 60).toISOString();

describe('the month after a month', () => {
  it('counts into the next year', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('0999-09')).toBe('0999-10');
  });
});

describe.each(dbKinds)('the whole library by months (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Mona', lastName: 'Month' });
    for (let start = 0; start < ROWS; start += 100) {
      const rows = Array.from({ length: 100 }, (_, k) => {
        const i = start + k;
        return {
          uuid_id: crypto.randomUUID(), name: `Month ${i}`, description: 'Paged by month', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: null,
          patient_photo_code: null, file_key: 'scenarios/x.json', file_name: 'x.json', file_size: 1,
          // Every seventh is private and every eleventh unprocessed: not in the library.
          privacy_level: i % 7 === 3 ? 0 : 2, is_processed: i % 11 === 5 ? 0 : 1,
          processing_error: null, contributed_by: owner.id, contributed_at: at(i), num_downloads: 0, duration_in_seconds: 0, num_checklist_items: 0,
          num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: 'en-GB', directory_id: null, search_text: `Month ${i}`,
        };
      });
      ids.push(...(await t.app.db.insertInto('scenarios').values(rows as never).returning('id').execute()).map((r) => r.id));
    }
  });
  afterAll(() => t.close());

  /** The library as the database holds it, newest first, ties by id. */
  async function expected(): Promise<number[]> {
    const rows = await t.app.db.selectFrom('scenarios').select(['id', 'contributed_at']).where('privacy_level', '=', 2).where('is_processed', '=', 1).execute();
    return rows.sort((a, b) => (a.contributed_at === b.contributed_at ? b.id - a.id : a.contributed_at < b.contributed_at ? 1 : -1)).map((r) => r.id);
  }

  async function page(offset: number, count: number): Promise<{ total: number; ids: number[] }> {
    const res = await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${offset}/${count}/-1/-1/-1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; scenarios: { id: number }[] };
    return { total: body.total, ids: body.scenarios.map((s) => s.id) };
  }

  /** Pages at offsets across the list (months' edges included) are their slices of it. */
  async function pagesMatch() {
    const all = await expected();
    const offsets = [0, 499, 500, 501, 577, 600, 650, 700, 701, 799, 800, all.length - 600, all.length - 501, all.length - 100, all.length - 37, all.length - 1];
    await expectPagesAreSlices(all, page, offsets, 37);
    expect((await page(all.length, 10)).ids).toEqual([]);
  }

  it('every page, deep in the middle and from the end, is its slice of the library', async () => {
    expect((await expected()).length).toBeGreaterThan(1_000);
    await pagesMatch();
  });

  it("reads a deep page's month, ids, rows and every part a card shows in one statement", async () => {
    const all = await expected();
    // The middle of the list: more than MONTH_FREE_OFFSET rows from either end.
    let pageIds: number[] = [];
    const statements = await statementsOf(t.app.db, async () => ({ ids: pageIds } = await page(530, 10)));
    expect(pageIds).toEqual(all.slice(530, 540));
    // The month page inside the read of the cards: no statement reads the page's ids or the months on their own.
    const reads = statements.filter((s) => /from "scenarios" as "(s|m)"/i.test(s));
    expect(reads).toHaveLength(1);
    expect(statements.filter((s) => /library_months/i.test(s))).toEqual([reads[0]]);
    expect(reads[0]).toMatch(/"s"\."id" in \(select "m"\."id" from "scenarios" as "m"/i);
    expect(reads[0]).toMatch(/scenario_favourites/);
    expect(reads[0]).toMatch(/scenario_tags/);
  });

  it('follows scenarios hidden, unprocessed, deleted, moved to another month and added', async () => {
    const db = t.app.db;
    await db.updateTable('scenarios').set({ privacy_level: 0 }).where('id', 'in', [ids[100]!, ids[640]!, ids[641]!]).execute();
    await db.updateTable('scenarios').set({ is_processed: 0 }).where('id', '=', ids[702]!).execute();
    await db.updateTable('scenarios').set({ privacy_level: 2 }).where('id', '=', ids[3]!).execute();
    await db.deleteFrom('scenarios').where('id', 'in', [ids[900]!, ids[10]!]).execute();
    // The oldest scenario becomes the newest, and one of the middle moves back a year.
    await db.updateTable('scenarios').set({ contributed_at: at(ROWS + 50) }).where('id', '=', ids[0]!).execute();
    await db.updateTable('scenarios').set({ contributed_at: '2023-06-15T10:00:00.000Z' }).where('id', '=', ids[650]!).execute();
    await pagesMatch();
  });
});
