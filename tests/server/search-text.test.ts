// The words, folding, highlights and snippets of site search (src/shared/search.ts), which the
// server's answers and the client's highlights share.
import { describe, expect, it } from 'vitest';
import { DIACRITIC_RANGES, foldAccents, highlight, searchWords, snippet, type HighlightPart } from '../../src/shared/search.js';

/** The folding spelled out in full, as the indexes do it (migration 0014). */
const fullFold = (text: string) => text.toLowerCase().normalize('NFD').replace(new RegExp(`[${DIACRITIC_RANGES}]+`, 'gu'), '').normalize('NFC');
const marked = (parts: HighlightPart[]) => parts.filter((p) => p.match).map((p) => p.text);
const shown = (parts: HighlightPart[]) => parts.map((p) => p.text).join('');

describe('folding', () => {
  it('drops accents and case, keeps letters without a decomposition', () => {
    expect(foldAccents('Reanimación')).toBe('reanimacion');
    expect(foldAccents('ÉCOLE Übung')).toBe('ecole ubung');
    expect(foldAccents('Straße Øre Łódź')).toBe('straße øre łodz');
    expect(foldAccents('e\u0301')).toBe('e');
  });

  it('folds every ASCII text as the full folding does', () => {
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    expect(foldAccents(ascii)).toBe(fullFold(ascii));
    for (const text of ['Sepsis IN the ED', 'CPR-2 (adult)', '', 'ALSi + CTGi']) expect(foldAccents(text)).toBe(fullFold(text));
  });

  it('reads a term as distinct folded words, "-1" as none', () => {
    expect(searchWords('  Sepsis, sépsis; ASTHMA ')).toEqual(['sepsis', 'asthma']);
    expect(searchWords('-1')).toEqual([]);
    expect(searchWords('')).toEqual([]);
  });
});

describe('highlights and snippets', () => {
  it('marks each word that starts with a search word, accents and case aside', () => {
    const parts = highlight('Réanimation of a REANIMATED patient, not a manikin', ['reanim']);
    expect(marked(parts)).toEqual(['Réanimation', 'REANIMATED']);
    expect(shown(parts)).toBe('Réanimation of a REANIMATED patient, not a manikin');
  });

  it('shows the start of a text when no word is searched for, nothing marked', () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join('  \n ');
    const parts = snippet(text, []);
    expect(marked(parts)).toEqual([]);
    expect(shown(parts)).toBe(`${Array.from({ length: 24 }, (_, i) => `word${i}`).join(' ')} …`);
  });

  it('shows the words around the first match, with cut ends', () => {
    const text = Array.from({ length: 60 }, (_, i) => (i === 40 ? 'Hyperkalaemia' : `w${i}`)).join(' ');
    const parts = snippet(text, ['hyperkal']);
    expect(marked(parts)).toEqual(['Hyperkalaemia']);
    // Eight words before the match (a third of 24), then the rest of the 24.
    expect(shown(parts)).toBe(`… ${['w32', 'w33', 'w34', 'w35', 'w36', 'w37', 'w38', 'w39', 'Hyperkalaemia', ...Array.from({ length: 15 }, (_, i) => `w${41 + i}`)].join(' ')} …`);
  });

  it('shows the start when the searched word is not in the text', () => {
    expect(shown(snippet('A short description of the group', ['sepsis']))).toBe('A short description of the group');
    expect(snippet('   ', ['sepsis'])).toEqual([]);
  });
});
