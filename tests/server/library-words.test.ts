// A library search's total for one word comes from the library's word counts (migration 0054) when
// only one word of the library starts with the search word: it must equal the scenarios the search
// lists, after every kind of write, on both databases.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textWords } from '../../src/shared/search.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

describe.each(dbKinds)("the library's word counts (%s)", (kind) => {
  let t: TestApp;
  let owner: TestUser;

  async function addScenario(searchText: string, listed = { privacy_level: 2, is_processed: 1 }) {
    const row = await t.app.db
      .insertInto('scenarios')
      .values({
        uuid_id: crypto.randomUUID(), name: searchText.slice(0, 30), description: 'Counted', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: null,
        patient_photo_code: null, file_key: 'scenarios/x.json', file_name: 'x.json', file_size: 1, ...listed,
        processing_error: null, contributed_by: owner.id, contributed_at: new Date().toISOString(), num_downloads: 0, duration_in_seconds: 0, num_checklist_items: 0,
        num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: 'en-GB', directory_id: null, search_text: searchText,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Wendy', lastName: 'Words' });
  });
  afterAll(() => t.close());

  /** Total and listed ids of a library search, as a reader gets them. */
  async function search(term: string) {
    const res = await as(t.app, owner, { method: 'GET', url: `/api/scenarios/0/100/-1/-1/${encodeURIComponent(term)}/-1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; scenarios: { id: number }[] };
    return { total: body.total, ids: body.scenarios.map((s) => s.id).sort((a, b) => a - b) };
  }

  /** Each word's count as the library holds it: listed scenarios whose text holds the word. */
  async function expectedCounts(): Promise<Record<string, number>> {
    const rows = await t.app.db.selectFrom('scenarios').select('search_text').where('privacy_level', '=', 2).where('is_processed', '=', 1).execute();
    const counts: Record<string, number> = {};
    for (const r of rows) for (const w of new Set(textWords(r.search_text ?? ''))) counts[w] = (counts[w] ?? 0) + 1;
    return counts;
  }
  async function storedCounts(): Promise<Record<string, number>> {
    const rows = await t.app.db.selectFrom('library_words').select(['word', 'n']).where('n', '>', 0).execute();
    return Object.fromEntries(rows.map((r) => [r.word, Number(r.n)]));
  }

  it('totals equal the scenarios listed, for whole words and prefixes, after every kind of write', async () => {
    const a = await addScenario('Sepsis in the ÉD: sepsis bundle');
    const b = await addScenario('Neonatal sepsis, early signs');
    await addScenario('Sepsis drill (private)', { privacy_level: 0, is_processed: 1 });
    const d = await addScenario('Sepsis upload still processing', { privacy_level: 2, is_processed: 0 });
    const e = await addScenario('Septic shock in the ed');
    await addScenario('Asthma attack');

    const check = async () => {
      expect(await storedCounts()).toEqual(await expectedCounts());
      for (const term of ['sepsis', 'SEPS', 'sépsis', 'septic', 'sep', 'ed', 'asthma', 'zzz', 'bundle', 'neonatal early']) {
        const r = await search(term);
        expect(r.total, term).toBe(r.ids.length);
      }
    };
    await check();
    expect((await search('sepsis')).ids).toEqual([a, b].sort((x, y) => x - y));
    expect((await search('zzz')).total).toBe(0);

    // Text edited, shown, hidden, processed, deleted.
    await t.app.db.updateTable('scenarios').set({ search_text: 'Asthma in the ED' }).where('id', '=', a).execute();
    await t.app.db.updateTable('scenarios').set({ is_processed: 1 }).where('id', '=', d).execute();
    await t.app.db.updateTable('scenarios').set({ privacy_level: 0 }).where('id', '=', b).execute();
    await t.app.db.updateTable('scenarios').set({ patient_age: 1 }).where('id', '=', e).execute();
    await check();
    expect((await search('sepsis')).ids).toEqual([d]);
    await t.app.db.deleteFrom('scenarios').where('id', '=', d).execute();
    await check();
    expect((await search('sepsis')).total).toBe(0);
    expect((await search('asthma')).total).toBe(2);
  });
});
