// Pages that cost the same at any depth. Two ways, chosen per list (each list says which and why):
//
// - Deferred join: the page's ids come from a covering index (the list's filter and order in one
//   index, the id in it), then only those rows are read (`rowsInOrder`). OFFSET still steps over
//   index entries, but never reads the rows before the page. A page in the back half of the list is
//   read from the end in the opposite order (`pageWindow`), so the last page costs what the first
//   does and no page steps over more than half of the index.
// - Keyset (cursor): a page after a known row seeks straight to it in the index (`afterCursor`);
//   lists read by infinite scroll answer `nextCursor` for the next page.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { INVALID_CURSOR } from '../../shared/schemas/common.js';
import { unprocessable } from './http-error.js';

export type Direction = 'asc' | 'desc';

export interface PageWindow {
  /** Rows to skip, counted from the front (forward) or from the end (backward). */
  offset: number;
  limit: number;
  /** Read from the end in the opposite order; the rows read are then reversed. */
  backward: boolean;
}

/**
 * Where rows offset..offset+count of a list of `total` rows lie: counted from the front when the
 * page starts in the front half, else from the end. Null when the page is past the end.
 */
export function pageWindow(total: number, offset: number, count: number): PageWindow | null {
  if (offset >= total || count <= 0) return null;
  const limit = Math.min(count, total - offset);
  if (offset <= total - offset - limit) return { offset, limit, backward: false };
  return { offset: total - offset - limit, limit, backward: true };
}

/**
 * Counted parts of a list, in its read order (the library's months, the name prefixes): the index
 * of the part that holds row `offset`, and how many rows the parts before it hold. Undefined when
 * the parts hold no more than `offset` rows.
 */
export function partHolding(parts: { n: number | string }[], offset: number): { index: number; before: number } | undefined {
  let before = 0;
  for (let index = 0; index < parts.length; index++) {
    const n = Number(parts[index]!.n);
    if (before + n > offset) return { index, before };
    before += n;
  }
  return undefined;
}

/**
 * Where a page at `offset` of a list counted by parts (the library's months, the name prefixes) starts,
 * read in `dir`, as SQL for the statement that reads the page (partHolding's answer without a read of
 * the counts before it: a trip to a reader thread costs the event loop more than the read). The
 * parts' counts summed in that order give the part that holds row `offset`; the page is read where
 * the list's key is `bound` or beyond it (oldest or A first: from that part on; newest or Z first,
 * before the next part that holds any rows), stepping over `skip` rows.
 * Where the counts do not reach `offset`, no bound (`open`, past every key, when newest or Z first)
 * and `skip` is `offset`: the page steps over every row before it, as without the counts.
 */
export function partStart(table: string, column: string, dir: Direction, offset: number, open: string): { bound: RawBuilder<string>; skip: RawBuilder<number> } {
  const d = sql.raw(dir);
  const found = (value: RawBuilder<unknown>) => sql`(SELECT ${value} FROM (SELECT ${sql.ref(column)} AS part, n,
    sum(n) OVER (ORDER BY ${sql.ref(column)} ${d} ROWS UNBOUNDED PRECEDING) AS upto, lag(${sql.ref(column)}) OVER (ORDER BY ${sql.ref(column)} ${d}) AS newer
    FROM ${sql.table(table)} WHERE n > 0) x WHERE x.upto > ${offset} ORDER BY x.part ${d} LIMIT 1)`;
  return {
    bound: dir === 'asc' ? sql<string>`coalesce(${found(sql`x.part`)}, '')` : sql<string>`coalesce(${found(sql`x.newer`)}, ${open})`,
    skip: sql<number>`coalesce(${found(sql`${offset} - (x.upto - x.n)`)}, ${offset})`,
  };
}

/**
 * A page of a list counted by month (the library, a feed) this near either end steps over its rows;
 * further in, it starts at the month that holds its first row.
 */
export const MONTH_FREE_OFFSET = 500;

/** 'YYYY-MM' of the month after `month` ('YYYY-MM'). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Where a page at `offset` of a list counted by month starts, read in `dir`: `months` are the
 * months' counts in that order ('YYYY-MM'). The page is read from `start` (newest first, before it;
 * oldest first, from it) skipping `offset` rows there. Undefined when the months hold no more rows.
 */
export function monthStart(months: { month: string; n: number | string }[], offset: number, dir: Direction): { start: string; offset: number } | undefined {
  const part = partHolding(months, offset);
  if (!part) return undefined;
  const { month } = months[part.index]!;
  // Newest first, the month's start is its end: before the next month begins.
  return { start: dir === 'desc' ? nextMonth(month) : month, offset: offset - part.before };
}

/** The order to read a list in: its own, or the opposite one for a backward window. */
export const readOrder = (w: PageWindow, dir: Direction): Direction => (w.backward ? (dir === 'asc' ? 'desc' : 'asc') : dir);

/** The ids of a window in the list's own order (a backward window's ids come last first). */
export const idsInListOrder = (w: PageWindow, ids: number[]): number[] => (w.backward ? [...ids].reverse() : ids);

/** Rows read by id, put in the order of `ids` (rows gone meanwhile are left out). */
export function rowsInOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A position in a list ordered by a text time (ISO) and then id, both descending. */
export interface Cursor {
  at: string;
  id: number;
}

/** Opaque to clients: base64url of the row's time and id. */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.id}`, 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one this server made. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) || !/^\d{1,10}$/.test(id ?? '')) return null;
  const n = Number(id);
  return n >= 1 && n <= 2_147_483_647 ? { at, id: n } : null;
}

/** The ?cursor= of a request: undefined when absent, 422 when it is not one this server made. */
export function cursorOf(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  const c = decodeCursor(text);
  if (!c) throw unprocessable(INVALID_CURSOR);
  return c;
}

/**
 * Rows after `c` in a list newest first by (`atColumn`, `idColumn`): a keyset seek on an index
 * holding both, in that order. A row value comparison, which SQLite and PostgreSQL both turn into
 * one index range (the same test spelt with OR is checked row by row).
 */
export function afterCursor(atColumn: string, idColumn: string, c: Cursor): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) < (${c.at}, ${c.id})`;
}
