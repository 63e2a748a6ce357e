// A library page after its ids is one read (features/scenarios/repository.ts `cards`): its rows with
// their owners and every part a card shows (the reader's favourite and the adaptations they may
// see, the tags and favourite counts everyone sees), on both databases. What each reader sees must
// stay their own.
import crypto from 'node:crypto';
import type { CompiledQuery, QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

interface Card {
  name: string;
  tags: { title: string }[];
  number_favourites: number;
  is_favourited_by_current_user: boolean;
  num_adaptations: number;
}

describe.each(dbKinds)('a library page in one read after its ids (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let fan: TestUser;
  let other: TestUser;
  const statements: string[] = [];

  const scenario = (name: string, at: string, extra: Record<string, unknown> = {}) => ({
    uuid_id: crypto.randomUUID(), name, description: 'Read in one go', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: null,
    patient_photo_code: null, file_key: 'scenarios/x.json', file_name: 'x.json', file_size: 1, privacy_level: 2, is_processed: 1,
    processing_error: null, contributed_by: owner.id, contributed_at: at, num_downloads: 0, duration_in_seconds: 0, num_checklist_items: 0,
    num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: 'en-GB', directory_id: null, search_text: name,
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind, { listCache: false });
    owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Owner' });
    fan = await createUser(t.app, { firstName: 'Fritz', lastName: 'Fan' });
    other = await createUser(t.app, { firstName: 'Otto', lastName: 'Other' });
    const [a, b] = (await t.app.db.insertInto('scenarios').values([scenario('Anaphylaxis at the pool', '2026-01-02T10:00:00.000Z'), scenario('Burns in the kitchen', '2026-01-01T10:00:00.000Z')] as never).returning('id').execute()).map((r) => r.id);
    // An adaptation of the first: public, so every reader counts it; and a private one only the fan sees.
    await t.app.db.insertInto('scenarios').values([
      scenario('Anaphylaxis, adapted', '2025-12-01T10:00:00.000Z', { based_on_id: a }),
      scenario('Anaphylaxis, my draft', '2025-11-01T10:00:00.000Z', { based_on_id: a, privacy_level: 0, contributed_by: fan.id }),
    ] as never).execute();
    const tag = (await t.app.db.insertInto('tags').values({ title: 'Paediatrics' } as never).returning('id').executeTakeFirstOrThrow()).id;
    await t.app.db.insertInto('scenario_tags').values({ scenario_id: b, tag_id: tag } as never).execute();
    await t.app.db.insertInto('scenario_favourites').values({ scenario_id: a, user_id: fan.id, created_at: new Date().toISOString() } as never).execute();

    // Every statement the app runs, in order.
    const proto = Object.getPrototypeOf(t.app.db.getExecutor()) as { executeQuery(q: CompiledQuery, id: QueryId): Promise<unknown> };
    const execute = proto.executeQuery;
    proto.executeQuery = function (this: unknown, q: CompiledQuery, id: QueryId) {
      statements.push(q.sql);
      return execute.call(this, q, id);
    };
  });
  afterAll(() => t.close());

  async function cards(user: TestUser): Promise<Card[]> {
    statements.length = 0;
    const res = await as(t.app, user, { method: 'GET', url: '/api/scenarios/0/10/-1/-1/-1' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { scenarios: Card[] }).scenarios.filter((c) => !c.name.includes(','));
  }

  it("reads the page's rows and all their parts in one statement", async () => {
    await cards(fan);
    // The rows by id, with their owners, favourites, adaptations and tags: one statement.
    const byIds = statements.filter((s) => /"s"\."id" in \(/i.test(s));
    expect(byIds).toHaveLength(1);
    expect(byIds[0]).toMatch(/scenario_favourites/);
    expect(byIds[0]).toMatch(/scenario_tags/);
    expect(byIds[0]).toMatch(/"owner_uuid"/);
  });

  it("each reader sees their own favourite and adaptations beside everyone's tags and counts", async () => {
    const mine = await cards(fan);
    expect(mine.map((c) => [c.name, c.is_favourited_by_current_user, c.number_favourites, c.num_adaptations, c.tags.map((x) => x.title)])).toEqual([
      ['Anaphylaxis at the pool', true, 1, 2, []],
      ['Burns in the kitchen', false, 0, 0, ['Paediatrics']],
    ]);
    const theirs = await cards(other);
    expect(theirs.map((c) => [c.name, c.is_favourited_by_current_user, c.number_favourites, c.num_adaptations, c.tags.map((x) => x.title)])).toEqual([
      ['Anaphylaxis at the pool', false, 1, 1, []],
      ['Burns in the kitchen', false, 0, 0, ['Paediatrics']],
    ]);
  });
});
