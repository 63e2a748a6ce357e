// The app's languages and how one is chosen: the account's choice, else the browser's languages
// (navigator.languages / Accept-Language), else the distributor's default, else English.
import { Distributor } from './enums.js';

/** The languages the app is written in; the first is the fallback. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The distributor's default language: corpuls sells mostly in German-speaking countries. */
export function distributorLanguage(distributorId: number | null | undefined): Language | null {
  return distributorId === Distributor.Corpuls ? 'de' : null;
}

/** The first of the given language tags ('de-AT', 'en-GB', 'fr') the app speaks, or null. */
export function firstSupported(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/** The tags of an Accept-Language header, by their q-weight (highest first; q=0 left out). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/** The language to use, by the order of choice above. */
export function chooseLanguage(choice: {
  account?: string | null;
  browser?: readonly string[];
  distributorId?: number | null;
}): Language {
  if (isLanguage(choice.account)) return choice.account;
  return firstSupported(choice.browser ?? []) ?? distributorLanguage(choice.distributorId) ?? FALLBACK_LANGUAGE;
}
