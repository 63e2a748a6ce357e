// Reads built once. Building a Kysely query (immutable nodes, parsed references) and compiling it to
// SQL costs the event loop 0.05 to 0.4 ms each time: on a library or feed page, more than the page's
// own small reads. A read that every page runs is therefore built once per shape, with slots in the
// place of its values, and each run only puts the values in their places.
//
//   const cardsOf = builtOnce((db: DB, a: { ids: number[]; viewerId: number }) =>
//     db.selectFrom('posts').selectAll().where('id', 'in', a.ids).where(...a.viewerId...));
//   const rows = await cardsOf(db, { ids, viewerId });
//
// The rules for a build function:
//   - it sees slots, not values, for every argument but those named in `shape` and the lengths of
//     arrays (an array of n values is n slots): it must not look at a value, only place it in the
//     query (a slot throws when turned into a string or a number, so `${a.word}` or `a.n + 1` fails
//     at once; a comparison such as `a.age !== -1` cannot be caught, so do not write one);
//   - `shape` arguments (booleans, a sort direction) are real values: each combination is built once;
//   - it uses only the `db` it is given, which may be a transaction's.
// The result type is the query's own. A built statement is the same string every run, so the SQLite
// statement cache and PostgreSQL's prepared reads (db/pg-prepared.ts) find it without hashing anew.
import type { Compilable, CompiledQuery } from 'kysely';
import type { DB } from './connection.js';
import { lru, type Lru } from '../lib/lru.js';

/** Shapes kept for one read at most (lengths of id lists times shape values: a few dozen in use). */
const SHAPES = 256;

class Slot {
  constructor(
    readonly name: string,
    readonly index: number,
  ) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`builtOnce: the value of '${this.name}' was read while the query was built; pass it in \`shape\` or place it in the query`);
  }
}

type Args = Record<string, unknown>;

/** The values of `args` at the slots of `parameters`. */
function filled(parameters: readonly unknown[], args: Args): unknown[] {
  return parameters.map((p) => {
    if (!(p instanceof Slot)) return p;
    const value = args[p.name];
    return p.index < 0 ? value : (value as unknown[])[p.index];
  });
}

export function builtOnce<A extends Args, R>(
  build: (db: DB, args: A) => Compilable<R>,
  opts: { shape?: (keyof A & string)[] } = {},
): (db: DB, args: A) => Promise<R[]> {
  const shape = new Set<string>(opts.shape ?? []);
  // Per dialect (SQLite's `?` or PostgreSQL's `$1`): one process may open both (the tests do).
  const byDialect = new Map<unknown, Lru<CompiledQuery<R>>>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter.constructor;
    let built = byDialect.get(adapter);
    if (!built) byDialect.set(adapter, (built = lru(SHAPES)));
    let key = '';
    for (const name in args) {
      const value = args[name];
      if (shape.has(name)) key += `${name}=${String(value)};`;
      else if (Array.isArray(value)) key += `${name}#${value.length};`;
    }
    let query = built.get(key);
    if (!query) {
      const slots: Args = {};
      for (const name in args) {
        const value = args[name];
        slots[name] = shape.has(name) ? value : Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : new Slot(name, -1);
      }
      query = build(db, slots as A).compile();
      built.set(key, query);
    }
    const { rows } = await db.executeQuery<R>({ ...query, parameters: filled(query.parameters, args) });
    return rows;
  };
}
