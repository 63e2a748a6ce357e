// The server's messages in the request's language. Code keeps writing English messages (the spec's
// texts); the catalogues (en.json, de.json) are keyed by that English text, and a key with
// {{placeholders}} is a pattern ('Offset must be at least {{min}}') whose values carry over. Every
// { message } answer is translated in one place (plugins/i18n.ts), e-mails by their senders.
import type { FastifyRequest } from 'fastify';
import { distributorLanguage, FALLBACK_LANGUAGE, firstSupported, isLanguage, parseAcceptLanguage, type Language } from '../../shared/languages.js';
import en from './en.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };

type Catalogue = Record<string, string>;
const catalogues: Record<Language, Catalogue> = { en, de };

interface Pattern {
  regex: RegExp;
  names: string[];
  key: string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English keys with placeholders, longest first (the most specific pattern wins). */
const patterns: Pattern[] = Object.keys(en)
  .filter((key) => key.includes('{{'))
  .sort((a, b) => b.length - a.length)
  .map((key) => {
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const m of key.matchAll(PLACEHOLDER)) {
      source += escape(key.slice(last, m.index)) + '(.+?)';
      names.push(m[1]);
      last = m.index + m[0].length;
    }
    source += escape(key.slice(last));
    return { regex: new RegExp(`^${source}$`, 's'), names, key };
  });

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * An English message in `language`: found as it is, or by a pattern; a message the catalogue does
 * not know stays English.
 */
export function translate(message: string, language: Language): string {
  if (language === FALLBACK_LANGUAGE || !message) return message;
  const catalogue = catalogues[language];
  const exact = catalogue[message];
  if (exact !== undefined) return exact;
  for (const p of patterns) {
    const m = p.regex.exec(message);
    if (!m) continue;
    const target = catalogue[p.key];
    if (target === undefined) return message;
    const values: Record<string, string> = {};
    p.names.forEach((name, i) => (values[name] = m[i + 1]));
    return fill(target, values);
  }
  return message;
}

/** A catalogue text with its values filled in (e-mails): `t('Hello {{name}}', 'de', { name })`. */
export function t(key: string, language: Language, values: Record<string, string | number> = {}): string {
  return fill(catalogues[language][key] ?? key, values);
}

/** The request's language: the signed-in user's setting, else Accept-Language, else English. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'> & { user?: { language?: string | null } | null }): Language {
  const chosen = request.user?.language;
  if (isLanguage(chosen)) return chosen;
  return firstSupported(parseAcceptLanguage(request.headers['accept-language'])) ?? FALLBACK_LANGUAGE;
}

/** A user's language for e-mails: their setting, else the distributor's default, else English. */
export function userLanguage(user: { language?: string | null; distributor_id?: number | null }): Language {
  if (isLanguage(user.language)) return user.language;
  return distributorLanguage(user.distributor_id) ?? FALLBACK_LANGUAGE;
}
