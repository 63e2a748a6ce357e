// Whether a text holds search words as the full-text index matches them (lib/full-text.ts): each
// word a prefix of one of the text's folded words, never a piece inside one.
import { describe, expect, it } from 'vitest';
import { holdsWords } from '../../src/shared/search.js';

describe('holdsWords', () => {
  it('matches each word as the start of a word of the text, case and accents folded', () => {
    expect(holdsWords('Severe Lactate rise after trauma', ['lact'])).toBe(true);
    expect(holdsWords('Severe Lactate rise after trauma', ['lactate', 'sev'])).toBe(true);
    expect(holdsWords('Anämie im Kindesalter', ['anamie'])).toBe(true);
    expect(holdsWords('ANÄMIE', ['anam'])).toBe(true);
  });

  it('refuses a word found only inside another word, and a text missing any word', () => {
    expect(holdsWords('Severe Lactate rise', ['tate'])).toBe(false);
    expect(holdsWords('Severe Lactate rise', ['lactate', 'sepsis'])).toBe(false);
    expect(holdsWords('post-operative sepsis', ['operative'])).toBe(true);
    expect(holdsWords('', ['a'])).toBe(false);
  });
});
