// The check every paged list's tests make: a page at any offset is its slice of the whole list.
import { expect } from 'vitest';

/** One page of a list: its reported total and its rows' ids, in order. */
export type ReadPage = (offset: number, count: number) => Promise<{ total: number; ids: number[] }>;

/** Each page of `count` rows at `offsets` reports the list's total and is its slice of `all` (the whole list, in order). */
export async function expectPagesAreSlices(all: number[], page: ReadPage, offsets: number[], count: number): Promise<void> {
  for (const offset of offsets) {
    const p = await page(offset, count);
    expect(p.total).toBe(all.length);
    expect(p.ids, `offset ${offset}`).toEqual(all.slice(offset, offset + count));
  }
}
