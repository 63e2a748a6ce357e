// Formatters shared by client and server (spec section 9).

const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${SIZE_UNITS[unit]}`;
}

/** 'Just now', minutes, hours, days, weeks ago; an absolute date after 4 weeks. */
export function formatRelativeDate(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  const weeks = Math.floor(days / 7);
  if (weeks <= 4 && days < 28) return plural(weeks, 'week');
  return formatDay(date);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * '24 Nov 2026' (the day in local time). Written out rather than through Intl: building a date
 * formatter costs tens of milliseconds on a phone, and the feed's first render needs one for
 * every older post.
 */
export function formatDay(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

export function truncateTag(title: string, max = 20): string {
  return title.length > max ? `${title.slice(0, max)}…` : title;
}

/** 'No Time Limit' for 0, otherwise minutes and seconds. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds) return 'No Time Limit';
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m} min ${s} sec`;
}

/**
 * Scenario search text (spec section 5): lowercased; everything but letters, digits, hyphen,
 * underscore, apostrophe and space removed; split on spaces and commas; joined with commas; '-1' when empty.
 */
export function normaliseScenarioSearch(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/,/g, ' ')
    .replace(/[^\p{L}\p{N}\-_' ]/gu, '')
    .split(/[ ,]+/)
    .filter(Boolean);
  return words.length ? words.join(',') : '-1';
}

/** Media search term (spec section 5): like scenarios but without the apostrophe. */
export function normaliseMediaSearch(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/,/g, ' ')
    .replace(/[^\p{L}\p{N}\-_ ]/gu, '')
    .split(/[ ,]+/)
    .filter(Boolean);
  return words.length ? words.join(',') : '-1';
}
