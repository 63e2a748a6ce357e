// Lone reads on PostgreSQL as named prepared statements (src/server/db/pg-prepared.ts): which
// statements keep a plan, that a connection keeps at most its share, that a statement whose table
// changed is prepared again, and that a prepared read answers as an unprepared one does.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPreparable, ONE_PLAN, prepareReads } from '../../src/server/db/pg-prepared.js';

const url = process.env.TEST_DATABASE_URL;

describe('which reads are prepared', () => {
  it('a SELECT whose plan no value changes', () => {
    expect(isPreparable('select "users".*, "sessions"."expires_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token_hash" = $1')).toBe(true);
    expect(isPreparable('select * from "posts" where "id" in ($1, $2, $3)')).toBe(true);
    expect(isPreparable('  SELECT month, n FROM library_months WHERE n > 0 ORDER BY month desc')).toBe(true);
  });

  it('not a page (LIMIT, OFFSET), a word search (full-text, LIKE) or a write', () => {
    expect(isPreparable('select "s"."id" from "scenarios" as "s" order by "s"."contributed_at" desc limit $1')).toBe(false);
    expect(isPreparable('select id from groups order by name offset $1')).toBe(false);
    expect(isPreparable("select id from posts where search @@ websearch_to_tsquery('simple', $1)")).toBe(false);
    expect(isPreparable('select id from users where username ilike $1')).toBe(false);
    expect(isPreparable('select id from users where username LIKE $1')).toBe(false);
    expect(isPreparable('insert into tags (title) values ($1)')).toBe(false);
    expect(isPreparable('update posts set title = $1 where id = $2')).toBe(false);
    // A word that only contains one of those is not one.
    expect(isPreparable('select "likes_count", "limited" from t where id = $1')).toBe(true);
  });

  it(`a page that says its plan is one for every value (${ONE_PLAN} at its end), and only a SELECT`, () => {
    const page = 'select id from scenarios where contributed_at < (select bound from months) order by contributed_at desc limit $1 offset (select skip from months)';
    expect(isPreparable(`${page} ${ONE_PLAN}`)).toBe(true);
    expect(isPreparable(page)).toBe(false);
    expect(isPreparable(`${ONE_PLAN} ${page}`)).toBe(false);
    expect(isPreparable(`update posts set title = $1 where id = $2 ${ONE_PLAN}`)).toBe(false);
  });
});

describe.skipIf(!url)('prepared reads on PostgreSQL', () => {
  const schema = `prepared_${process.pid}`;
  let client: pg.Client;
  /** The statements this connection's server keeps, by text (asked with LIMIT, so not itself one). */
  const prepared = async () =>
    (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time LIMIT 1000')).rows.map((r) => r.statement);

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"; SET search_path TO "${schema}"`);
    await client.query('CREATE TABLE items (id int PRIMARY KEY, label text); INSERT INTO items SELECT g, \'item \' || g FROM generate_series(1, 50) g');
    prepareReads(client, 3);
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA "${schema}" CASCADE`);
    await client.end();
  });

  it('keeps a lookup prepared, answers as an unprepared read, and leaves pages and searches unnamed', async () => {
    const byId = 'select label from items where id = $1';
    for (const id of [1, 7, 42, 7, 1, 50, 3, 9]) {
      expect((await client.query(byId, [id])).rows).toEqual([{ label: `item ${id}` }]);
    }
    expect(await prepared()).toEqual([byId]);
    expect((await client.query('select id from items order by id limit $1', [2])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await client.query('select id from items where label like $1 order by id', ['item 4_'])).rows).toHaveLength(10);
    expect(await prepared()).toEqual([byId]);
  });

  it('keeps at most its share of statements, the least recently used given back first', async () => {
    const texts = ['select 1 as a where $1::int > 0', 'select 2 as a where $1::int > 0', 'select 3 as a where $1::int > 0'];
    for (const text of texts) expect((await client.query(text, [1])).rows).toHaveLength(1);
    // Capacity 3: the lookup of the test above was the least recently used.
    expect((await prepared()).sort()).toEqual([...texts].sort());
    await client.query(texts[0], [1]);
    const fourth = 'select 4 as a where $1::int > 0';
    expect((await client.query(fourth, [1])).rows).toEqual([{ a: 4 }]);
    expect((await prepared()).sort()).toEqual([texts[0], texts[2], fourth].sort());
  });

  it("prepares a statement again when its table's columns changed", async () => {
    const all = 'select * from items where id = $1';
    expect((await client.query(all, [5])).rows).toEqual([{ id: 5, label: 'item 5' }]);
    await client.query("ALTER TABLE items ADD COLUMN colour text NOT NULL DEFAULT 'red'");
    expect((await client.query(all, [5])).rows).toEqual([{ id: 5, label: 'item 5', colour: 'red' }]);
    expect((await client.query(all, [6])).rows).toEqual([{ id: 6, label: 'item 6', colour: 'red' }]);
  });
});
