// Folding text and matching words as the full-text indexes do, in plain JavaScript: the SQLite
// reader threads (server/db/sqlite-reader.worker.mjs) run it as it is, and the rest of the app imports
// it through shared/search.ts (types: fold.d.mts).

/**
 * Combining diacritical marks (accents, cedillas, umlauts...), as regular-expression escapes that
 * JavaScript and PostgreSQL read alike. Only these are dropped, so scripts
 * whose vowel signs are marks too (Devanagari, Thai) keep them. The PostgreSQL index folds with the
 * same ranges (migration 0014_search); SQLite's FTS5 'remove_diacritics 2' does the same for Latin.
 */
export const DIACRITIC_RANGES = String.raw`\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f`;
// eslint-disable-next-line no-misleading-character-class -- a class of combining marks alone, on purpose
const DIACRITICS = new RegExp(`[${DIACRITIC_RANGES}]+`, 'gu');

/** A character other than printable ASCII and white space: text without one needs only lower case to fold (it has no marks). */
const BEYOND_ASCII = /[^\t\n\r -~]/;

/**
 * Lower case without accents: canonical decomposition, diacritics dropped, composed again. Letters
 * that have no decomposition (ø, ł, ß, æ) stay as they are, as FTS5 keeps them.
 */
export function foldAccents(text) {
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase();
  return text.toLowerCase().normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
}

/**
 * Whether `text` holds every one of `words` (folded) as the full-text index matches them: the text
 * folded (case, accents) and split into words of letters and digits, each search word a prefix of one.
 * For walks that check rows in order instead of asking the index for every match.
 */
export function holdsWords(text, words) {
  const folded = foldAccents(text);
  // A word that starts a token is in the text: most texts fail here, before being split.
  if (!words.every((w) => folded.includes(w))) return false;
  const tokens = folded.split(/[^\p{L}\p{N}]+/u);
  return words.every((w) => tokens.some((t) => t.startsWith(w)));
}

/**
 * holds_words(text, words), an SQL function on every SQLite connection: 1 when `text` holds every one of
 * `words` (folded search tokens joined by spaces) as holdsWords reads them, else 0.
 */
export function holdsWordsSql(text, words) {
  return typeof text === 'string' && typeof words === 'string' && holdsWords(text, words.split(' ')) ? 1 : 0;
}
