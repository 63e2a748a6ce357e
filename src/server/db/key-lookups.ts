// Whether a SQLite read only looks rows up by a unique key: a session by its token, a post by its
// id, a membership by (group, user). Such a read costs a few hundredths of a millisecond whatever its
// parameters, so it runs on the event loop from its first run (db/quick-reads.ts) rather than
// waiting to prove itself quick by its timings, which a busy machine inflates (a reader thread
// descheduled in the middle of a read).
//
// Read from SQLite's plan (EXPLAIN QUERY PLAN): every step is a SEARCH on equality of every column
// of the rowid, the primary key or a unique index (an IN list is a lookup per value). A range, a
// scan of a table, a search on part of a key, a full-text match or an OFFSET is not: the rows such
// a read visits depend on its parameters, so it keeps to its timings.
import type SQLite from 'better-sqlite3';

/** SEARCH <table> USING [COVERING] INDEX <index> (<terms>) | USING [INTEGER] PRIMARY KEY (<terms>) [LEFT-JOIN]. */
const SEARCH = /^SEARCH (\S+)(?: AS \S+)? USING (?:(?:COVERING )?INDEX (\S+)|(INTEGER )?PRIMARY KEY) \((.+)\)(?: LEFT-JOIN)?$/;
/** Steps that only frame others (the SEARCH steps under them are checked). */
const FRAME = /^(?:LIST SUBQUERY \d+|SCALAR SUBQUERY \d+|CORRELATED (?:LIST|SCALAR) SUBQUERY \d+|USE TEMP B-TREE FOR (?:ORDER BY|DISTINCT|GROUP BY)|MULTI-INDEX OR|INDEX \d+)$/;

export function keyLookupCheck(sqlite: SQLite.Database): (sql: string, parameters: readonly unknown[]) => boolean {
  /** Each unique index and primary key of a table, with its columns. */
  const uniqueKeys = new Map<string, { name: string; primary: boolean; columns: string[] }[]>();
  function keysOf(table: string) {
    let keys = uniqueKeys.get(table);
    if (!keys) {
      const indexes = sqlite.prepare('SELECT name, "unique" AS u, origin FROM pragma_index_list(?)').all(table) as { name: string; u: number; origin: string }[];
      keys = indexes
        .filter((i) => i.u === 1)
        .map((i) => ({
          name: i.name,
          primary: i.origin === 'pk',
          columns: (sqlite.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(i.name) as { name: string }[]).map((c) => c.name),
        }));
      uniqueKeys.set(table, keys);
    }
    return keys;
  }
  /** The table an index belongs to. */
  const tableOfIndex = (index: string) => (sqlite.prepare("SELECT tbl_name AS t FROM sqlite_schema WHERE type = 'index' AND name = ?").get(index) as { t: string } | undefined)?.t;
  /** The table a plan names: itself, or the table `sql` gives that alias (`from "seats" as "s"`). */
  function tableNamed(name: string, sql: string): string {
    if (sqlite.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name)) return name;
    const aliased = new RegExp(`(?:from|join)\\s+"?(\\w+)"?\\s+(?:as\\s+)?"?${name}"?(?![\\w".])`, 'i').exec(sql);
    return aliased?.[1] ?? name;
  }
  /** Whether `terms` ("a=? AND b=?") set every column of a unique key: `index`, else the primary key of the table `name` stands for. */
  function setsUniqueKey(name: string, index: string | undefined, integerKey: boolean, terms: string, sql: string): boolean {
    const columns = terms.split(' AND ').map((t) => /^(\w+)=\?$/.exec(t)?.[1]);
    if (columns.some((c) => c === undefined)) return false;
    if (integerKey) return columns.length === 1 && columns[0] === 'rowid';
    const table = index ? tableOfIndex(index) : tableNamed(name, sql);
    const key = table && keysOf(table).find((k) => (index ? k.name === index : k.primary));
    return !!key && key.columns.length === columns.length && key.columns.every((c) => columns.includes(c));
  }
  return (sql, parameters) => {
    if (/\boffset\b|\bmatch\b/i.test(sql)) return false;
    let steps: string[];
    try {
      steps = (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as { detail: string }[]).map((r) => r.detail);
    } catch {
      return false;
    }
    return steps.every((step) => {
      if (FRAME.test(step)) return true;
      const m = SEARCH.exec(step);
      return !!m && setsUniqueKey(m[1]!, m[2], m[3] !== undefined, m[4]!, sql);
    });
  };
}
