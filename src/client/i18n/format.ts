// Dates, times, numbers, file sizes and durations in the app's language, through Intl: ONE format
// per kind on every screen. Components use `useFormat()` (re-renders when the language changes);
// code outside React calls the functions with the current language.
//   date:        24 Nov 2026            | 24. Nov. 2026
//   date + time: 24 Nov 2026, 1:19 am   | 24. Nov. 2026, 01:19
//   short day:   24 Nov                 | 24. Nov.
//   relative:    Just now, 5 minutes ago, 3 days ago | Gerade eben, vor 5 Minuten (a date after 4 weeks)
//   file size:   1.5 MiB                | 1,5 MiB
//   duration:    12 min 30 sec          | 12 Min. 30 Sek.
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/languages';
import { formatRelativeDate } from '../../shared/format';
import { currentLanguage } from './current';
import { i18n } from './index';

/** The Intl locale of each app language (English as written in Australia and Britain: day month year). */
const LOCALE: Record<Language, string> = { en: 'en-AU', de: 'de-DE' };

// Formatters are built once per language and kind: building one costs tens of milliseconds on a
// phone, and a list renders many dates.
const cache = new Map<string, object>();
function cached<T extends object>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

export function formatDate(value: string | Date, lang: Language = currentLanguage()): string {
  return cached(`date:${lang}`, () => new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'short', year: 'numeric' })).format(toDate(value));
}

/** A calendar date without a time ('2026-11-24'), shown as that day wherever the reader is. */
export function formatCalendarDate(value: string, lang: Language = currentLanguage()): string {
  const date = value.length === 10 ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return cached(`cdate:${lang}`, () => new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })).format(date);
}

export function formatDateTime(value: string | Date, lang: Language = currentLanguage()): string {
  return cached(`datetime:${lang}`, () =>
    new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  ).format(toDate(value));
}

/** Day and month only (chart labels). */
export function formatShortDay(value: string | Date, lang: Language = currentLanguage()): string {
  return cached(`day:${lang}`, () => new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'short' })).format(toDate(value));
}

/** 'Just now', minutes, hours, days, weeks ago; the date after 4 weeks. */
export function formatRelative(value: string | Date, now: Date = new Date(), lang: Language = currentLanguage()): string {
  const date = toDate(value);
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return i18n.t('time.justNow', { lng: lang, ns: 'common' });
  const rtf = cached(`rel:${lang}`, () => new Intl.RelativeTimeFormat(LOCALE[lang], { numeric: 'always' }));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return rtf.format(-days, 'day');
  const weeks = Math.floor(days / 7);
  if (weeks <= 4 && days < 28) return rtf.format(-weeks, 'week');
  return formatDate(date, lang);
}

export function formatNumber(value: number, lang: Language = currentLanguage()): string {
  return cached(`num:${lang}`, () => new Intl.NumberFormat(LOCALE[lang])).format(value);
}

const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Binary units, one decimal below 10 ('1.5 MiB', '1,5 MiB'), none above ('120 MiB'). */
export function formatFileSize(bytes: number, lang: Language = currentLanguage()): string {
  if (!Number.isFinite(bytes) || bytes < 0) bytes = 0;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const nf = cached(`size${digits}:${lang}`, () => new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return `${nf.format(value)} ${SIZE_UNITS[unit]}`;
}

/** 'a, b and c' / 'a, b und c'. */
export function formatList(items: readonly string[], lang: Language = currentLanguage()): string {
  return cached(`list:${lang}`, () => new Intl.ListFormat(LOCALE[lang], { type: 'conjunction' })).format(items);
}

/** Minutes and seconds ('12 min 30 sec'); 0 or none is 'No Time Limit'. */
export function formatDuration(seconds: number | null | undefined, lang: Language = currentLanguage()): string {
  if (!seconds) return i18n.t('time.noTimeLimit', { lng: lang, ns: 'common' });
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return lang === 'de' ? `${m} Min. ${s} Sek.` : `${m} min ${s} sec`;
}

/**
 * A language tag's name in that language itself ('de' -> 'Deutsch', 'en-GB' -> 'English (UK)'), as a
 * scenario's language is shown to everyone; the tag itself when Intl does not know it.
 */
export function languageName(tag: string): string {
  try {
    const own = cached(`names:${tag}`, () => new Intl.DisplayNames([tag], { type: 'language' })).of(tag);
    return own ? own.charAt(0).toLocaleUpperCase(tag) + own.slice(1) : tag;
  } catch {
    return tag;
  }
}

/** The formatters bound to the language shown now; the component re-renders when it changes. */
/**
 * 'Just now', '5 minutes ago' for lists of many items (posts, replies): in English the shared
 * formatter that builds no Intl formatter (shared/format.ts formatRelativeDate, quick on a phone's
 * first render), in the other languages formatRelative in the reader's language.
 */
export function useRelativeDate() {
  const { i18n: instance } = useTranslation();
  const lang: Language = instance.language === 'de' ? 'de' : 'en';
  return (v: string | Date) => (lang === 'en' ? formatRelativeDate(v) : formatRelative(v, new Date(), lang));
}

export function useFormat() {
  const { i18n: instance } = useTranslation();
  const lang = (instance.language === 'de' ? 'de' : 'en') as Language;
  return {
    lang,
    date: (v: string | Date) => formatDate(v, lang),
    calendarDate: (v: string) => formatCalendarDate(v, lang),
    dateTime: (v: string | Date) => formatDateTime(v, lang),
    shortDay: (v: string | Date) => formatShortDay(v, lang),
    relative: (v: string | Date, now?: Date) => formatRelative(v, now, lang),
    number: (v: number) => formatNumber(v, lang),
    fileSize: (v: number) => formatFileSize(v, lang),
    duration: (v: number | null | undefined) => formatDuration(v, lang),
    list: (v: readonly string[]) => formatList(v, lang),
    languageName,
  };
}
