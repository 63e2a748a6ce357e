// Lone reads on PostgreSQL as named prepared statements, so the server parses and plans a statement
// once per connection instead of on every run. A post card's parts (one statement of JSON
// subqueries) cost about 1.9 ms a run unnamed, of which 1.3 ms is parsing and planning, and 0.5 ms
// prepared. This is what the JDBC driver (after five runs) and pgx (always) do by default.
//
// Which statements: a SELECT whose plan does not depend on its values. After five runs PostgreSQL
// may keep one generic plan for every value (plan_cache_mode auto), which is right for lookups by
// key (a session, a page's rows by their ids, their tags and counts) but can be wrong where the
// values decide the plan: how deep a page is (LIMIT, OFFSET), how common a search word is (a
// full-text match, LIKE). Those stay unnamed and are planned for their values on every run.
//
// Each connection keeps at most PREPARED_PER_CONNECTION statements, the least recently used
// deallocated first (statements differ by the length of an IN list, and the server keeps each
// plan in the connection's memory).
import type pg from 'pg';

export const PREPARED_PER_CONNECTION = 150;

/**
 * Ends a read whose plan no value changes though it pages (its LIMIT is a page's size and where it
 * starts is found inside it, as the library's month pages do: lib/pages.ts partStart): prepared
 * all the same. Planning a month page of the library's cards took 1.9 ms a run, as long as running it.
 */
export const ONE_PLAN = '/* one plan */';

/** Whether `sql` (a lone read) runs as a named prepared statement: a SELECT whose plan no value changes. */
export function isPreparable(sql: string): boolean {
  if (!/^\s*select\b/i.test(sql)) return false;
  return sql.endsWith(ONE_PLAN) || !/\b(limit|offset|like|ilike)\b|@@/i.test(sql);
}

/** The parts of node-postgres' connection this needs: which names its server has parsed. */
interface ParsedNames {
  connection: { parsedStatements: Record<string, string> };
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * From now on, `client` runs preparable statements (`client.query(text, values)`, the form Kysely
 * uses) as named prepared statements, keeping at most `capacity`.
 */
export function prepareReads(client: pg.Client, capacity = PREPARED_PER_CONNECTION): void {
  // The class's own query, looked up at each call (so whatever wraps it later, a tracer or a test's
  // spy, still sees every statement).
  const proto = Object.getPrototypeOf(client) as { query: Query };
  const plain: Query = (config, values, callback) => proto.query.call(client, config, values, callback);
  const parsed = (client as unknown as ParsedNames).connection.parsedStatements;
  /** Statement text to its name, least recently used first. */
  const names = new Map<string, string>();
  let next = 0;

  const forget = (text: string, name: string) => {
    names.delete(text);
    delete parsed[name];
    // Queued on this connection before anything asked after it; its failure (a connection gone) is
    // the next query's to report.
    (plain(`DEALLOCATE "${name}"`) as Promise<unknown>).catch(() => undefined);
  };

  const named = (text: string): string => {
    const known = names.get(text);
    if (known) {
      names.delete(text);
      names.set(text, known);
      return known;
    }
    if (names.size >= capacity) {
      const [oldText, oldName] = names.entries().next().value as [string, string];
      forget(oldText, oldName);
    }
    const name = `read_${next++}`;
    names.set(text, name);
    return name;
  };

  client.query = function query(config: unknown, values?: unknown, callback?: unknown) {
    if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined || (!names.has(config) && !isPreparable(config))) return plain(config, values, callback);
    const name = named(config);
    return (plain({ name, text: config, values }) as Promise<unknown>).catch((err: { code?: string }) => {
      // A table's columns changed since it was prepared ("cached plan must not change result
      // type"): prepare it again.
      if (err?.code !== '0A000' || names.get(config) !== name) throw err;
      forget(config, name);
      return plain({ name: named(config), text: config, values });
    });
  } as typeof client.query;
}
