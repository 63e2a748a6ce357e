// Every English message with placeholders is found as a pattern and answered in German with the
// values in place (a message the pattern list misses would stay English).
import { describe, expect, it } from 'vitest';
import en from '../../src/server/i18n/en.json' with { type: 'json' };
import de from '../../src/server/i18n/de.json' with { type: 'json' };
import { translate } from '../../src/server/i18n/index.js';

const withPlaceholders = Object.keys(en).filter((key) => key.includes('{{'));

describe('server messages with placeholders', () => {
  it('there are some to check', () => {
    expect(withPlaceholders.length).toBeGreaterThan(0);
  });

  it.each(withPlaceholders)('%s', (key) => {
    const values = new Map<string, string>();
    const english = key.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      values.set(name, `«${name}-${values.size + 1}»`);
      return values.get(name)!;
    });
    const german = (de as Record<string, string>)[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values.get(name) ?? `{{${name}}}`);
    expect(translate(english, 'de')).toBe(german);
  });
});
