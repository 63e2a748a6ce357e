// Site search words and highlights, shared by the server (queries, snippets) and the
// client (highlighting titles and names), so both read a term the same way:
//   - a term is split into words of letters and digits (anything else separates words);
//   - every word matches as a prefix of a word in the text;
//   - case and accents are ignored: 'reanimacion' finds 'Reanimación'.
import { foldAccents } from './fold.mjs';

export { DIACRITIC_RANGES, foldAccents, holdsWords } from './fold.mjs';

/** At most this many words of a term are used (more would only slow the query down). */
export const MAX_SEARCH_WORDS = 16;
/** A search term longer than this is refused (422). */
export const MAX_SEARCH_TERM = 200;

/** Every word of a text, folded, in order: what the search indexes hold of it. */
export function textWords(text: string): string[] {
  return foldAccents(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The words of a search term, folded, distinct, at most MAX_SEARCH_WORDS. '-1' or blank: none. */
export function searchWords(term: string | null | undefined): string[] {
  if (!term || term.trim() === '-1') return [];
  return [...new Set(textWords(term))].slice(0, MAX_SEARCH_WORDS);
}

/** A run of text, marked when it is a word that matches the search. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordMatches(word: string, words: string[]): boolean {
  if (!words.length) return false;
  const folded = foldAccents(word);
  return words.some((w) => folded.startsWith(w));
}

/** The whole text split into parts, each word that starts with a search word marked. */
export function highlight(text: string, words: string[]): HighlightPart[] {
  if (!words.length || !text) return text ? [{ text, match: false }] : [];
  const parts: HighlightPart[] = [];
  let last = 0;
  const push = (t: string, match: boolean) => {
    if (!t) return;
    const prev = parts[parts.length - 1];
    if (prev && prev.match === match && !match) prev.text += t;
    else parts.push({ text: t, match });
  };
  for (const m of text.matchAll(WORD)) {
    if (!wordMatches(m[0], words)) continue;
    push(text.slice(last, m.index), false);
    push(m[0], true);
    last = m.index + m[0].length;
  }
  push(text.slice(last), false);
  return parts;
}

/**
 * A short excerpt around the first matching word (about `maxWords` words), highlighted; the start
 * of the text when nothing in it matches. Whitespace is collapsed; cut ends are shown with '…'.
 */
export function snippet(text: string, words: string[], maxWords = 24): HighlightPart[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const tokens = [...flat.matchAll(/\S+/g)];
  let first = words.length ? tokens.findIndex((t) => [...t[0].matchAll(WORD)].some((m) => wordMatches(m[0], words))) : 0;
  if (first < 0) first = 0;
  const start = Math.max(0, Math.min(first - Math.floor(maxWords / 3), tokens.length - maxWords));
  const end = Math.min(tokens.length, start + maxWords);
  const from = tokens[start].index;
  const to = tokens[end - 1].index + tokens[end - 1][0].length;
  const parts = highlight(flat.slice(from, to), words);
  if (start > 0) parts.unshift({ text: '… ', match: false });
  if (end < tokens.length) parts.push({ text: ' …', match: false });
  return parts;
}
