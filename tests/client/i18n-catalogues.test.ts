// Every catalogue key exists in every language (client namespaces and the server's messages), and
// each text keeps the same {{placeholders}} in every language.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve('src/client/i18n/locales');
const SERVER = path.resolve('src/server/i18n');

type Tree = { [key: string]: string | Tree };

/** Keys with their texts; plural forms (_one, _other, _zero...) count as one key. */
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full.replace(/_(zero|one|two|few|many|other)$/, ''), (out.get(full.replace(/_(zero|one|two|few|many|other)$/, '')) ?? '') + value);
    else flatten(value, full, out);
  }
  return out;
}

const placeholders = (text: string) => [...new Set(text.match(/\{\{\s*[\w.]+/g)?.map((p) => p.replace(/\s/g, '')) ?? [])].sort();
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function compare(label: string, a: Map<string, string>, b: Map<string, string>) {
  const onlyA = [...a.keys()].filter((k) => !b.has(k));
  const onlyB = [...b.keys()].filter((k) => !a.has(k));
  expect(onlyA, `${label}: keys only in the first language`).toEqual([]);
  expect(onlyB, `${label}: keys only in the second language`).toEqual([]);
  const differing = [...a.keys()].filter((k) => b.has(k) && placeholders(a.get(k)!).join() !== placeholders(b.get(k)!).join());
  expect(differing, `${label}: keys whose {{placeholders}} differ`).toEqual([]);
  const empty = [...a.entries(), ...b.entries()].filter(([, text]) => !text.trim()).map(([k]) => k);
  expect(empty, `${label}: empty texts`).toEqual([]);
}

describe('message catalogues', () => {
  const languages = readdirSync(CLIENT).sort();

  it('the client has the same namespaces in every language', () => {
    const [first, ...rest] = languages.map((l) => readdirSync(path.join(CLIENT, l)).sort());
    for (const other of rest) expect(other).toEqual(first);
  });

  for (const lang of languages.filter((l) => l !== 'en')) {
    it(`client: every key of English is in '${lang}' and back`, () => {
      for (const file of readdirSync(path.join(CLIENT, 'en'))) {
        compare(`${lang}/${file}`, flatten(read(path.join(CLIENT, 'en', file))), flatten(read(path.join(CLIENT, lang, file))));
      }
    });

    it(`server: every message of English is in '${lang}' and back`, () => {
      compare(`server ${lang}`, flatten(read(path.join(SERVER, 'en.json'))), flatten(read(path.join(SERVER, `${lang}.json`))));
    });
  }
});
