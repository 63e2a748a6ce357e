// On PostgreSQL the app reads only its own schema. A database may hold other schemas (the tests run
// one per file; a deployment may share its database), and one of them can be dropped at any moment:
// a query that walks every schema of the catalogue (Kysely's introspection does, and resolves each
// table by name; eslint.config.js keeps it out of src/) then fails with 'schema … does not exist' although nothing of the app changed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresIntrospector } from 'kysely';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { postsRepository } from '../../src/server/features/posts/repository.js';
import { buildTestApp, dbKinds, type TestApp } from './helpers.js';

const url = process.env.TEST_DATABASE_URL;

/** Other schemas created and dropped as fast as the database allows, until stopped. */
function schemaChurn(): { rounds(): number; stop(): Promise<number> } {
  let running = true;
  let rounds = 0;
  const loop = (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        const name = `churn_${process.pid}_${rounds++}`;
        await client.query(`CREATE SCHEMA "${name}"; CREATE TABLE "${name}".items (id serial PRIMARY KEY, label text)`);
        await client.query(`DROP SCHEMA "${name}" CASCADE`);
      }
    } finally {
      await client.end();
    }
  })();
  return {
    rounds: () => rounds,
    async stop() {
      running = false;
      await loop;
      return rounds;
    },
  };
}

/**
 * Kysely's own introspection walks every schema of the database, so it fails while another test file
 * drops its schema: that is the very reason the app does not use it. As the reference it is asked again
 * until one walk sees a catalogue that holds still.
 */
async function everySchemaTables(t: TestApp) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new PostgresIntrospector(t.app.db).getTables({ withInternalKyselyTables: true });
    } catch (err) {
      if (attempt >= 20 || !/does not exist/.test((err as Error).message)) throw err;
    }
  }
}

describe.runIf(url && dbKinds.includes('postgres'))('PostgreSQL: the app reads its own schema only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a post's attachments are read while other schemas of the database are dropped", async () => {
    const churn = schemaChurn();
    const errors: string[] = [];
    try {
      // A fresh repository each time: whatever it finds out about the database once, it finds out again.
      // As long as it takes for the other schemas to come and go a few times (the reads may be the quicker).
      for (let i = 0; i < 60 || (churn.rounds() <= 10 && i < 20_000); i++) {
        const posts = postsRepository(t.app.db, 'postgres');
        await Promise.all([posts.cardParts([1], 1), posts.idByUuid('media', '00000000-0000-4000-8000-000000000000')]).catch(
          (err: Error) => errors.push(err.message),
        );
      }
    } finally {
      expect(await churn.stop()).toBeGreaterThan(5);
    }
    expect(errors).toEqual([]);
  });

  it('migrations start while other schemas of the database are dropped', async () => {
    const schema = t.app.config.databaseSchema!;
    const churn = schemaChurn();
    const errors: string[] = [];
    try {
      for (let i = 0; i < 30; i++) await migrateToLatest(t.app.db, schema).catch((err: Error) => errors.push(err.message));
    } finally {
      expect(await churn.stop()).toBeGreaterThan(5);
    }
    expect(errors).toEqual([]);
  });

  it("the migrator's view of the schema is Kysely's, narrowed to the schema in use", async () => {
    const schema = t.app.config.databaseSchema!;
    const ours = await t.app.db.introspection.getTables({ withInternalKyselyTables: true });
    const kysely = (await everySchemaTables(t)).filter((table) => table.schema === schema);
    const shape = (tables: typeof ours) =>
      tables.map((table) => ({ ...table, columns: table.columns.map(({ comment: _comment, ...column }) => column) })).sort((a, b) => a.name.localeCompare(b.name));
    expect(shape(ours)).toEqual(shape(kysely));
    expect(ours.map((table) => table.name)).toContain('kysely_migration');
    expect(await t.app.db.introspection.getSchemas()).toEqual([{ name: schema }]);
  });
});
