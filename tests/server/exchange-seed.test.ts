// The demo seed shows the scenario exchange: licences, a scenario with three versions, a public
// adaptation of it and reviews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, type TestApp } from './helpers.js';
import { seedDemoIfEmpty } from '../../src/server/db/seed/index.js';

describe.each(dbKinds)('demo seed: scenario exchange (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    expect(await seedDemoIfEmpty(t.app)).toBe(true);
  }, 180_000);
  afterAll(() => t.close());

  it('has licences, a scenario with three versions, an adaptation and reviews', async () => {
    const licences = await t.app.db.selectFrom('scenarios').select('licence').distinct().execute();
    expect(licences.map((l) => l.licence).sort()).toEqual(['cc-by-4.0', 'cc-by-nc-4.0', 'cc-by-nc-sa-4.0', 'community']);
    const versioned = await t.app.db.selectFrom('scenarios').selectAll().where('version', '=', 3).executeTakeFirstOrThrow();
    const versions = await t.app.db.selectFrom('scenario_versions').select(['version', 'file_key']).where('scenario_id', '=', versioned.id).orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(new Set(versions.map((v) => v.file_key)).size).toBe(3);
    const adaptation = await t.app.db.selectFrom('scenarios').selectAll().where('based_on_id', '=', versioned.id).executeTakeFirstOrThrow();
    expect(adaptation.privacy_level).toBe(2);
    expect(versioned).toMatchObject({ rating_count: 3, rating_sum: 13 });
  });
});
