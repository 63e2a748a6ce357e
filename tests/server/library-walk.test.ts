// A library search for a common word walks the library in order and checks each scenario's words
// (features/scenarios/repository.ts `walkPage`): on SQLite one statement walks at most WALK_BUDGET
// (1 000) scenarios and reads the page's cards; past them the full-text index gathers the matches.
// However the matches lie (spread through the library, bunched far below where the word's share
// says they should start, or beyond the walk's budget), every page must be its slice of the
// library's matches, newest first, on both databases.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPagesAreSlices } from './page-slices.js';
import { statementsOf } from './statements.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** Scenarios seeded, one a minute, newest last inserted. */
const ROWS = 1_200;
/** Row i holds 'bunched' when it is among these (by insertion: the list shows them 700 to 800 rows down). */
const BUNCHED = (i: number) => i >= 400 && i < 500;
/** Every twelfth row holds 'spread' (every 48th as 'SPRÉAD': the walk must fold accents and case as the index does). */
const SPREAD = (i: number) => i % 12 === 0;
const spreadOf = (i: number) => (i % 48 === 0 ? 'SPRÉAD' : 'spread');
/** The 100 oldest rows hold 'oldest': 1 100 rows down, past the walk's budget. */
const OLDEST = (i: number) => i < 100;

describe.each(dbKinds)('a library search that walks the library (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(kind, { listCache: false });
    owner = await createUser(t.app, { firstName: 'Walter', lastName: 'Walk' });
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const text = ['Walked scenario', String(i), BUNCHED(i) ? 'bunched' : '', SPREAD(i) ? spreadOf(i) : '', OLDEST(i) ? 'oldest' : ''].filter(Boolean).join(' ');
      return {
        uuid_id: crypto.randomUUID(), name: text, description: 'Walked', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: null,
        patient_photo_code: null, file_key: 'scenarios/x.json', file_name: 'x.json', file_size: 1, privacy_level: 2, is_processed: 1,
        processing_error: null, contributed_by: owner.id, contributed_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), num_downloads: 0,
        duration_in_seconds: 0, num_checklist_items: 0, num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0,
        unicode_language_identifier: 'en-GB', directory_id: null, search_text: text,
      };
    });
    for (let start = 0; start < ROWS; start += 100) await t.app.db.insertInto('scenarios').values(rows.slice(start, start + 100) as never).execute();
  });
  afterAll(() => t.close());

  /** The library's scenarios holding `word`, newest first, as the database holds them. */
  async function matches(word: string): Promise<number[]> {
    const rows = await t.app.db.selectFrom('scenarios').select(['id', 'contributed_at', 'search_text']).execute();
    return rows
      .filter((r) => (r.search_text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(' ').includes(word))
      .sort((a, b) => (a.contributed_at === b.contributed_at ? b.id - a.id : a.contributed_at < b.contributed_at ? 1 : -1))
      .map((r) => r.id);
  }

  const page = (word: string) => async (offset: number, count: number) => {
    const res = await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${offset}/${count}/-1/-1/${word}/-1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; scenarios: { id: number }[] };
    return { total: body.total, ids: body.scenarios.map((s) => s.id) };
  };

  it('pages of a word spread through the library are its slices', async () => {
    const all = await matches('spread');
    expect(all).toHaveLength(100);
    await expectPagesAreSlices(all, page('spread'), [0, 1, 9, 10, 33, 60, 90, 95], 10);
  });

  it('pages of a word bunched far below where its share says are its slices (the walk reads on)', async () => {
    const all = await matches('bunched');
    expect(all).toHaveLength(100);
    await expectPagesAreSlices(all, page('bunched'), [0, 5, 10, 40, 85, 90], 10);
  });

  it('pages of a word beyond the walk\'s budget are its slices (the full-text index gathers them)', async () => {
    const all = await matches('oldest');
    expect(all).toHaveLength(100);
    await expectPagesAreSlices(all, page('oldest'), [0, 10, 55, 90], 10);
  });

  it('a search of no letters or digits (%, _) lists the whole library, as no search does', async () => {
    const whole = await as(t.app, owner, { method: 'GET', url: '/api/scenarios/0/10/-1/-1/-1' });
    expect(whole.statusCode).toBe(200);
    for (const term of ['%25', '_', '%25_-']) {
      const res = await as(t.app, owner, { method: 'GET', url: `/api/scenarios/0/10/-1/-1/${term}/-1` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(whole.json());
    }
  });

  it.runIf(kind === 'sqlite')("counts a word in one statement, walks for a page and reads its cards in one statement, and past the budget gathers through the full-text index", async () => {
    await page('spread')(0, 10); // the totals, counted once
    let ids: number[] = [];
    let reads = await statementsOf(t.app.db, async () => ({ ids } = await page('spread')(20, 10)));
    expect(ids).toEqual((await matches('spread')).slice(20, 30));
    const walks = reads.filter((r) => r.includes('holds_words'));
    expect(walks).toHaveLength(1);
    expect(walks[0]).toMatch(/"owner_uuid"/);
    expect(reads.filter((r) => /scenarios_fts/.test(r))).toEqual([]);
    // Its total (no list cache here): the one word starting so, with its count, in one statement.
    expect(reads.filter((r) => /library_words/.test(r))).toHaveLength(1);

    await page('oldest')(0, 10);
    reads = await statementsOf(t.app.db, async () => ({ ids } = await page('oldest')(0, 10)));
    expect(ids).toEqual((await matches('oldest')).slice(0, 10));
    expect(reads.filter((r) => r.includes('holds_words'))).toHaveLength(1);
    expect(reads.filter((r) => /scenarios_fts MATCH/.test(r)).length).toBeGreaterThan(0);
  });
});
