// SQLite reads run on reader threads (db/sqlite-driver.ts): a slow read holds neither a write nor
// another read; a read made after a write committed sees it; a transaction reads its own writes; a
// read's error arrives with its message and code; checkpoints run on a reader thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteConnection, type DbHandle } from '../../src/server/db/connection.js';
import { QUICK_AFTER_RUNS, QUICK_READ_MS, QuickReads, SLOW_HERE_MS } from '../../src/server/db/quick-reads.js';
import { keyLookupCheck } from '../../src/server/db/key-lookups.js';
import { inWriteScope } from '../../src/server/lib/request-scope.js';

/** `fn` run as a request that writes runs it (lib/request-scope.ts). */
const inWrite = <T>(fn: () => Promise<T>) => new Promise<T>((resolve, reject) => inWriteScope(() => void fn().then(resolve, reject)));

/** A read that keeps a reader thread busy for a while (counting to n row by row). */
const slowRead = (n: number) => sql<{ n: number }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT count(*) AS n FROM c`;

describe('SQLite reads on reader threads', () => {
  let handle: DbHandle;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-readers-'));
    handle = openDatabase({ dataDir: dir, readThreads: 2 });
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('a write and a short read finish while a slow read is still running', async () => {
    const order: string[] = [];
    const slow = slowRead(3_000_000).execute(handle.db).then((r) => {
      order.push('slow read');
      return r.rows[0].n;
    });
    // Let the slow read reach its thread.
    await new Promise((r) => setTimeout(r, 20));
    await sql`INSERT INTO notes (text) VALUES ('written meanwhile')`.execute(handle.db);
    order.push('write');
    const { rows } = await sql<{ text: string }>`SELECT text FROM notes`.execute(handle.db);
    order.push('short read');
    expect(rows.map((r) => r.text)).toEqual(['written meanwhile']);
    expect(await slow).toBe(3_000_000);
    expect(order).toEqual(['write', 'short read', 'slow read']);
  });

  it('a read after a committed transaction sees its rows; inside it, the transaction sees its own', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes (text) VALUES ('in a transaction')`.execute(trx);
      const inside = await sql<{ n: number }>`SELECT count(*) AS n FROM notes WHERE text = 'in a transaction'`.execute(trx);
      expect(inside.rows[0].n).toBe(1);
      // Outside the transaction nothing of it is visible yet.
      const outside = await sql<{ n: number }>`SELECT count(*) AS n FROM notes WHERE text = 'in a transaction'`.execute(handle.db);
      expect(outside.rows[0].n).toBe(0);
    });
    const after = await sql<{ n: number }>`SELECT count(*) AS n FROM notes WHERE text = 'in a transaction'`.execute(handle.db);
    expect(after.rows[0].n).toBe(1);
  });

  it('a rolled-back transaction leaves nothing and frees the writer', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (text) VALUES ('rolled back')`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await sql`INSERT INTO notes (text) VALUES ('after the rollback')`.execute(handle.db);
    const { rows } = await sql<{ text: string }>`SELECT text FROM notes WHERE text IN ('rolled back', 'after the rollback')`.execute(handle.db);
    expect(rows.map((r) => r.text)).toEqual(['after the rollback']);
  });

  it('a read on a reader thread answers the rows as objects, as the connection itself would (types, a repeated column name)', async () => {
    const text = `SELECT 1 AS a, 2.5 AS b, 'x' AS c, NULL AS d, 'first' AS a2, 'second' AS a2, 9007199254740993 AS big, x'0102' AS e`;
    const { rows } = await sql.raw(text).execute(handle.db);
    const own = new SQLite(path.join(dir, 'community.sqlite'), { readonly: true });
    try {
      const [expected] = own.prepare(text).all() as Record<string, unknown>[];
      const [row] = rows as Record<string, unknown>[];
      // (Bytes cross between threads as a Uint8Array.)
      expect({ ...row, e: Buffer.from(row!.e as Uint8Array) }).toEqual(expected);
      expect(row!.a2).toBe('second');
    } finally {
      own.close();
    }
  });

  it('a column named __proto__ read on a reader thread is a field of its row, not its prototype', async () => {
    const { rows } = await sql.raw(`SELECT 'kept' AS "__proto__", 1 AS a`).execute(handle.db);
    const row = rows[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('kept');
    expect(row.a).toBe(1);
  });

  it('INSERT ... RETURNING is a write: it runs on the writer and answers its row', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO notes (text) VALUES ('returned') RETURNING id`.execute(handle.db);
    expect(rows[0].id).toBeGreaterThan(0);
  });

  it('the WAL reaches the database file through checkpoints on a reader thread, not on the writer', async () => {
    const file = path.join(dir, 'community.sqlite');
    const before = fs.statSync(file).size;
    await sql`CREATE TABLE bulk (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(handle.db);
    for (let i = 0; i < 20; i++) {
      await sql`INSERT INTO bulk (body) SELECT printf('%.1000c', 'x') FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT x FROM c)`.execute(handle.db);
    }
    expect(sqliteConnection(handle.db)!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before + 1_500_000);
  });

  it('a read that proved quick answers on this thread, not behind slow reads holding every reader thread', async () => {
    const lookup = (text: string) => sql<{ id: number }>`SELECT id FROM notes WHERE text = ${text}`.execute(handle.db);
    for (let i = 0; i <= QUICK_AFTER_RUNS; i++) await lookup('written meanwhile');
    const order: string[] = [];
    const slow = [slowRead(3_000_000), slowRead(3_000_001)].map((q) => q.execute(handle.db).then(() => order.push('slow read')));
    await new Promise((r) => setTimeout(r, 20));
    expect((await lookup('written meanwhile')).rows).toHaveLength(1);
    order.push('quick read');
    await Promise.all(slow);
    expect(order).toEqual(['quick read', 'slow read', 'slow read']);
  });

  it('a lookup by a unique key answers on this thread from its first run, not behind slow reads holding every reader thread', async () => {
    const order: string[] = [];
    const slow = [slowRead(3_000_002), slowRead(3_000_003)].map((q) => q.execute(handle.db).then(() => order.push('slow read')));
    await new Promise((r) => setTimeout(r, 20));
    // Never run before: its plan (a search on every column of a unique key) makes it quick.
    expect((await sql<{ id: number }>`SELECT id, text AS first_time FROM notes WHERE text = ${'written meanwhile'}`.execute(handle.db)).rows).toHaveLength(1);
    order.push('key lookup');
    // A search on a column without a unique index waits for a thread like any read not yet proved quick.
    const scan = sql<{ n: number }>`SELECT count(*) AS n FROM notes WHERE length(text) > ${3}`.execute(handle.db).then(() => order.push('scan'));
    await Promise.all([...slow, scan]);
    expect(order.slice(0, 1)).toEqual(['key lookup']);
    expect(order.indexOf('scan')).toBeGreaterThan(order.indexOf('slow read'));
  });

  it('a read of a request that writes answers on this thread, not behind slow reads holding every reader thread; one lately slow or never run waits for a thread', async () => {
    // Run once (on a thread: its cost is not known yet), and no lookup by key: outside a write it
    // would wait for a thread (the test above).
    const scan = sql<{ n: number }>`SELECT count(*) AS n FROM notes WHERE length(text) > ${4}`;
    await inWrite(() => scan.execute(handle.db));
    const order: string[] = [];
    const slow = [slowRead(3_000_004), slowRead(3_000_005)].map((q) => q.execute(handle.db).then(() => order.push('slow read')));
    await new Promise((r) => setTimeout(r, 20));
    expect((await inWrite(() => scan.execute(handle.db))).rows[0].n).toBeGreaterThan(0);
    order.push('read of a write');
    await Promise.all(slow);
    expect(order).toEqual(['read of a write', 'slow read', 'slow read']);

    // A read that has just run longer than SLOW_HERE_MS goes to the threads, write or not.
    await slowRead(3_000_006).execute(handle.db);
    const again = [slowRead(3_000_007), slowRead(3_000_008)].map((q) => q.execute(handle.db).then(() => order.push('slow read')));
    await new Promise((r) => setTimeout(r, 20));
    order.length = 0;
    await inWrite(() => slowRead(3_000_006).execute(handle.db));
    order.push('slow read of a write');
    await Promise.all(again);
    expect(order[0]).toBe('slow read');

    // A read never run before goes to the threads, write or not.
    const more = [slowRead(3_000_009), slowRead(3_000_010)].map((q) => q.execute(handle.db).then(() => order.push('slow read')));
    await new Promise((r) => setTimeout(r, 20));
    order.length = 0;
    await inWrite(() => sql`SELECT count(*) AS n FROM notes WHERE length(text) < ${100}`.execute(handle.db));
    order.push('new read of a write');
    await Promise.all(more);
    expect(order[0]).toBe('slow read');
  });

  it('a quick read made while a transaction is open does not see its uncommitted rows', async () => {
    const count = (text: string) => sql<{ n: number }>`SELECT count(*) AS n FROM notes WHERE text = ${text}`.execute(handle.db);
    for (let i = 0; i <= QUICK_AFTER_RUNS; i++) await count('not yet');
    await handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes (text) VALUES ('not yet')`.execute(trx);
      expect((await count('not yet')).rows[0].n).toBe(0);
    });
    expect((await count('not yet')).rows[0].n).toBe(1);
  });

  it("a read's error keeps its message and code; a write's constraint error too", async () => {
    await expect(sql`SELECT nope FROM notes`.execute(handle.db)).rejects.toMatchObject({ message: 'no such column: nope', code: 'SQLITE_ERROR' });
    await expect(sql`INSERT INTO notes (text) VALUES ('returned')`.execute(handle.db)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
  });
});

describe('which reads count as quick', () => {
  it(`after ${QUICK_AFTER_RUNS} runs with at most one in ten over ${QUICK_READ_MS} ms`, () => {
    const quick = new QuickReads();
    for (let i = 0; i < QUICK_AFTER_RUNS - 1; i++) quick.record('SELECT 1', 0.01);
    expect(quick.isQuick('SELECT 1')).toBe(false);
    quick.record('SELECT 1', QUICK_READ_MS);
    expect(quick.isQuick('SELECT 1')).toBe(true);
    expect(quick.isQuick('SELECT 2')).toBe(false);
    // A thread descheduled now and then: one long run in ten still counts as quick, two do not.
    quick.record('SELECT 1', 12);
    expect(quick.isQuick('SELECT 1')).toBe(true);
    quick.record('SELECT 1', 12);
    expect(quick.isQuick('SELECT 1')).toBe(false);
    for (let i = 0; i < 9; i++) quick.record('SELECT 1', 0.01);
    expect(quick.isQuick('SELECT 1')).toBe(true);
    quick.record('SELECT 1', 0.5);
    expect(quick.isQuick('SELECT 1')).toBe(false);
  });

  it(`a run over ${SLOW_HERE_MS} ms on the event loop sends the statement back until short runs are nine in ten again`, () => {
    const quick = new QuickReads();
    for (let i = 0; i < 50; i++) quick.record('SELECT 1', 0.01);
    expect(quick.isQuick('SELECT 1')).toBe(true);
    quick.record('SELECT 1', SLOW_HERE_MS + 1, true);
    expect(quick.isQuick('SELECT 1')).toBe(false);
    for (let i = 0; i < 400; i++) quick.record('SELECT 1', 0.01);
    expect(quick.isQuick('SELECT 1')).toBe(false);
    for (let i = 0; i < 200; i++) quick.record('SELECT 1', 0.01);
    expect(quick.isQuick('SELECT 1')).toBe(true);
  });

  it('a lookup by a unique key is quick from its first run, whatever its timings', () => {
    const quick = new QuickReads();
    expect(quick.isQuick('SELECT key', () => true)).toBe(true);
    // Asked once: what the statement is does not change.
    expect(quick.isQuick('SELECT key', () => false)).toBe(true);
    for (let i = 0; i < 20; i++) quick.record('SELECT key', 12);
    quick.record('SELECT key', SLOW_HERE_MS + 1, true);
    expect(quick.isQuick('SELECT key')).toBe(true);
    expect(quick.isQuick('SELECT other', () => false)).toBe(false);
  });

  it(`a request that writes may run a statement here once it has run, until one of its recent runs takes over ${SLOW_HERE_MS} ms`, () => {
    const quick = new QuickReads();
    expect(quick.mayRunForWrite('SELECT new')).toBe(false);
    quick.record('SELECT new', 0.5);
    expect(quick.mayRunForWrite('SELECT new')).toBe(true);
    for (let i = 0; i < 20; i++) quick.record('SELECT card', 1.5);
    expect(quick.isQuick('SELECT card')).toBe(false);
    expect(quick.mayRunForWrite('SELECT card')).toBe(true);
    quick.record('SELECT card', SLOW_HERE_MS + 0.5);
    expect(quick.mayRunForWrite('SELECT card')).toBe(false);
    // Forgotten as its runs are halved (every thousand runs), once the slow one is far enough back.
    for (let i = 0; i < 3_000; i++) quick.record('SELECT card', 0.5);
    expect(quick.mayRunForWrite('SELECT card')).toBe(true);
  });

  it('a statement that is never short stays on the reader threads', () => {
    const quick = new QuickReads();
    for (let i = 0; i < 5_000; i++) quick.record('SELECT page', i % 3 === 0 ? 0.05 : 1.3);
    expect(quick.isQuick('SELECT page')).toBe(false);
  });
});

describe('which reads are lookups by a unique key (from their plan)', () => {
  it('every step a search on every column of the rowid, the primary key or a unique index; nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-keys-'));
    const handle = openDatabase({ dataDir: dir, readThreads: 0 });
    const sqlite = sqliteConnection(handle.db)!;
    sqlite.exec(`CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, team INTEGER NOT NULL, name TEXT NOT NULL);
      CREATE INDEX people_team ON people (team, name);
      CREATE TABLE seats (team INTEGER NOT NULL, person INTEGER NOT NULL, PRIMARY KEY (team, person)) WITHOUT ROWID;
      CREATE VIRTUAL TABLE people_fts USING fts5(name);`);
    const isKeyLookup = keyLookupCheck(sqlite);
    const check = (q: string) => isKeyLookup(q, q.split('?').slice(1).map(() => 1));
    try {
      for (const q of [
        'SELECT * FROM people WHERE id = ?',
        'SELECT * FROM people WHERE id IN (?, ?, ?)',
        'SELECT id FROM people WHERE email = ?',
        'SELECT s.person, p.name FROM seats s JOIN people p ON p.id = s.person WHERE s.team = ? AND s.person = ?',
        'SELECT name FROM people WHERE id IN (?, ?) ORDER BY name',
        'SELECT p.name, s.person FROM people p LEFT JOIN seats s ON s.team = p.team AND s.person = p.id WHERE p.id = ?',
      ]) expect(check(q), q).toBe(true);
      for (const q of [
        'SELECT id FROM people WHERE team = ?',
        'SELECT person FROM seats WHERE team = ?',
        'SELECT id FROM people WHERE id > ?',
        'SELECT id FROM people ORDER BY id LIMIT ? OFFSET ?',
        'SELECT id FROM people WHERE id = ? LIMIT 1 OFFSET ?',
        'SELECT count(*) FROM people',
        'SELECT * FROM people WHERE id IN (SELECT person FROM seats WHERE team = ?)',
        'SELECT rowid FROM people_fts WHERE people_fts MATCH ?',
        'SELECT nope FROM people',
      ]) expect(check(q), q).toBe(false);
    } finally {
      void handle.close();
    }
  });
});
