// Reads built once (src/server/db/built-once.ts): the statement is built once per shape and each run
// puts its own values in their places, on both databases (in one process, as here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { builtOnce } from '../../src/server/db/built-once.js';
import type { DB } from '../../src/server/db/connection.js';
import { buildTestApp, createUser, dbKinds, type TestApp } from './helpers.js';

let builds = 0;
/** Users by id, newest or oldest first as `dir` says, with a name filter placed as a value. */
const usersRead = builtOnce(
  (db: DB, a: { ids: number[]; dir: 'asc' | 'desc'; prefix: string }) => {
    builds += 1;
    return db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('id', 'in', a.ids)
      .where(sql<boolean>`first_name like ${a.prefix} || '%'`)
      .orderBy('id', a.dir);
  },
  { shape: ['dir'] },
);

describe.each(dbKinds)('reads built once (%s)', (kind) => {
  let t: TestApp;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const firstName of ['Anna', 'Anton', 'Bruno', 'Berta']) ids.push((await createUser(t.app, { firstName, lastName: 'Once' })).id);
  });
  afterAll(async () => t.close());

  it('puts each run’s values in their places, building once per shape', async () => {
    const before = builds;
    const names = async (a: { ids: number[]; dir: 'asc' | 'desc'; prefix: string }) => (await usersRead(t.app.db, a)).map((r) => r.first_name);
    expect(await names({ ids, dir: 'asc', prefix: 'An' })).toEqual(['Anna', 'Anton']);
    expect(await names({ ids, dir: 'asc', prefix: 'B' })).toEqual(['Bruno', 'Berta']);
    // The same shape with other ids of the same number: no new build.
    expect(await names({ ids: [ids[3]!, ids[2]!, ids[1]!, ids[0]!], dir: 'asc', prefix: 'Ber' })).toEqual(['Berta']);
    expect(builds - before).toBe(1);
    // Another direction, another number of ids: each a shape of its own.
    expect(await names({ ids, dir: 'desc', prefix: 'An' })).toEqual(['Anton', 'Anna']);
    expect(await names({ ids: [ids[0]!, ids[2]!], dir: 'asc', prefix: '' })).toEqual(['Anna', 'Bruno']);
    expect(builds - before).toBe(3);
    // Asked again, every shape is known.
    expect(await names({ ids: [ids[1]!, ids[3]!], dir: 'asc', prefix: '' })).toEqual(['Anton', 'Berta']);
    expect(await names({ ids, dir: 'desc', prefix: 'B' })).toEqual(['Berta', 'Bruno']);
    expect(builds - before).toBe(3);
  });

  it('runs inside a transaction with the transaction’s connection', async () => {
    const seen = await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ first_name: 'Annette' }).where('id', '=', ids[0]!).execute();
      return (await usersRead(trx, { ids, dir: 'asc', prefix: 'Ann' })).map((r) => r.first_name);
    });
    // The transaction's own uncommitted row, which another connection could not have seen yet.
    expect(seen).toEqual(['Annette']);
  });
});

describe('a build that reads a value', () => {
  it('fails at once, naming the value', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const wrong = builtOnce((db: DB, a: { name: string }) => db.selectFrom('users').select('id').where('username', '=', `${a.name}-x`));
      await expect(wrong(t.app.db, { name: 'someone' })).rejects.toThrow("the value of 'name' was read while the query was built");
    } finally {
      await t.close();
    }
  });
});
