// PostgreSQL runs lone reads on a read pool and everything else on a write pool (db/pg-driver.ts):
// a write does not queue for a connection behind reads; a transaction keeps one connection from
// BEGIN to COMMIT and reads its own writes; a read after a write sees it; an error keeps its code.
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/connection.js';
import { isLoneRead } from '../../src/server/db/pg-driver.js';
import { inWriteScope } from '../../src/server/lib/request-scope.js';

/** `fn` run as a request that writes runs it (lib/request-scope.ts). */
const inWrite = <T>(fn: () => Promise<T>) => new Promise<T>((resolve, reject) => inWriteScope(() => void fn().then(resolve, reject)));

const url = process.env.TEST_DATABASE_URL;

describe('which statements count as lone reads', () => {
  it('a SELECT, not a write, a locking read or a writing CTE', () => {
    expect(isLoneRead(CompiledQuery.raw('SELECT 1'))).toBe(true);
    expect(isLoneRead(CompiledQuery.raw('  select count(*) from posts'))).toBe(true);
    expect(isLoneRead(CompiledQuery.raw('SELECT id FROM posts FOR UPDATE'))).toBe(false);
    expect(isLoneRead(CompiledQuery.raw('INSERT INTO notes (text) VALUES ($1)', ['x']))).toBe(false);
    expect(isLoneRead(CompiledQuery.raw('WITH gone AS (DELETE FROM notes RETURNING id) SELECT count(*) FROM gone'))).toBe(false);
    expect(isLoneRead(CompiledQuery.raw('UPDATE notes SET text = $1', ['y']))).toBe(false);
    expect(isLoneRead(CompiledQuery.raw('SELECT pg_advisory_lock(1)'))).toBe(false);
    expect(isLoneRead(CompiledQuery.raw("SELECT set_config('lock_timeout', '1000', false)"))).toBe(false);
  });
});

describe.runIf(url)('PostgreSQL read and write pools', () => {
  const schema = `pools_${process.pid}_${Date.now().toString(36)}`;
  let handle: DbHandle;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    // One connection for reads: a slow read holds it, so any other read must wait for it.
    handle = openDatabase({ databaseUrl: url, dataDir: '.', schema, poolSize: 1, writePoolSize: 2 });
    await sql`CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL UNIQUE)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('a write finishes while a slow read holds every read connection; the next read waits for it', async () => {
    const order: string[] = [];
    const slow = sql<{ ok: number }>`SELECT 1 AS ok FROM pg_sleep(0.6)`.execute(handle.db).then(() => order.push('slow read'));
    await expect.poll(() => handle.pools!.read.idleCount + handle.pools!.read.waitingCount === 0 && handle.pools!.read.totalCount === 1).toBe(true);
    const started = Date.now();
    await sql`INSERT INTO notes (text) VALUES ('written meanwhile')`.execute(handle.db);
    order.push('write');
    const writeMs = Date.now() - started;
    const read = await sql<{ text: string }>`SELECT text FROM notes`.execute(handle.db);
    order.push('read');
    await slow;
    expect(order).toEqual(['write', 'slow read', 'read']);
    expect(writeMs).toBeLessThan(500);
    expect(read.rows.map((r) => r.text)).toEqual(['written meanwhile']);
  });

  it('a read of a request that writes does not wait for a read connection: it reads through the write pool', async () => {
    const order: string[] = [];
    const slow = sql<{ ok: number }>`SELECT 1 AS ok FROM pg_sleep(0.6)`.execute(handle.db).then(() => order.push('slow read'));
    await expect.poll(() => handle.pools!.read.idleCount + handle.pools!.read.waitingCount === 0 && handle.pools!.read.totalCount === 1).toBe(true);
    const read = await inWrite(() => sql<{ n: number }>`SELECT count(*)::int AS n FROM notes`.execute(handle.db));
    order.push('read of a write');
    await slow;
    expect(order).toEqual(['read of a write', 'slow read']);
    expect(read.rows[0].n).toBeGreaterThan(0);
  });

  it('a transaction reads its own writes on one connection, unseen outside until it commits', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('notes' as never).values({ text: 'in a transaction' } as never).execute();
      const inside = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE text = 'in a transaction'`.execute(trx);
      expect(inside.rows[0].n).toBe(1);
      const outside = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE text = 'in a transaction'`.execute(handle.db);
      expect(outside.rows[0].n).toBe(0);
    });
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE text = 'in a transaction'`.execute(handle.db);
    expect(after.rows[0].n).toBe(1);
    // The transaction gave its connection back.
    expect(handle.pools!.write.idleCount).toBe(handle.pools!.write.totalCount);
  });

  it('a connection held with db.connection() keeps its session: a lock taken there is released there, inside a transaction too', async () => {
    const answers = await handle.db.connection().execute(async (c) => {
      await sql`WITH t AS (SELECT set_config('lock_timeout', '1000', true)) SELECT pg_advisory_lock(4242) FROM t`.execute(c);
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(c)).rows[0].pid;
      const inside = await c.transaction().execute(async (trx) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0].pid);
      const unlocked = (await sql<{ ok: boolean }>`SELECT pg_advisory_unlock(4242) AS ok`.execute(c)).rows[0].ok;
      return { pid, inside, unlocked };
    });
    expect(answers.inside).toBe(answers.pid);
    expect(answers.unlocked).toBe(true);
    // Taken by the migrator's way (a SELECT that locks) the lock is on the held connection as well.
    const again = await handle.db.connection().execute(async (c) => {
      await sql`SELECT pg_advisory_lock(4243)`.execute(c);
      return (await sql<{ ok: boolean }>`SELECT pg_advisory_unlock(4243) AS ok`.execute(c)).rows[0].ok;
    });
    expect(again).toBe(true);
    expect(handle.pools!.write.idleCount).toBe(handle.pools!.write.totalCount);
  });

  it('a rolled-back transaction leaves nothing and gives its connection back; errors keep their code', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (text) VALUES ('rolled back')`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE text = 'rolled back'`.execute(handle.db);
    expect(rows[0].n).toBe(0);
    expect(handle.pools!.write.idleCount).toBe(handle.pools!.write.totalCount);
    await expect(sql`INSERT INTO notes (text) VALUES ('written meanwhile')`.execute(handle.db)).rejects.toMatchObject({ code: '23505' });
    await expect(sql`SELECT nothing FROM notes`.execute(handle.db)).rejects.toMatchObject({ code: '42703' });
  });
});
