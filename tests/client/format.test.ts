// Dates on posts and comments (shared/format.ts): relative while recent, then the day itself.
import { describe, expect, it } from 'vitest';
import { formatDay, formatRelativeDate } from '../../src/shared/format';

describe('formatRelativeDate', () => {
  const now = new Date(2026, 10, 24, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const DAY = 24 * 60 * MIN;

  it('says how long ago within four weeks', () => {
    expect(formatRelativeDate(ago(30_000), now)).toBe('Just now');
    expect(formatRelativeDate(ago(MIN), now)).toBe('1 minute ago');
    expect(formatRelativeDate(ago(5 * MIN), now)).toBe('5 minutes ago');
    expect(formatRelativeDate(ago(3 * 60 * MIN), now)).toBe('3 hours ago');
    expect(formatRelativeDate(ago(2 * DAY), now)).toBe('2 days ago');
    expect(formatRelativeDate(ago(14 * DAY), now)).toBe('2 weeks ago');
  });

  it('gives the day, month and year after that, in local time', () => {
    expect(formatRelativeDate(new Date(2026, 9, 15, 8, 30), now)).toBe('15 Oct 2026');
    expect(formatRelativeDate(new Date(2025, 0, 1, 0, 5).toISOString(), now)).toBe('1 Jan 2025');
    expect(formatDay(new Date(2024, 8, 9))).toBe('9 Sep 2024');
  });
});
