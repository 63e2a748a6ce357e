// The architectural boundaries in eslint.config.js hold: each wrong-import fixture under
// tests/lint-fixtures fails with the boundary rule, each allowed one passes, and `eslint .`
// leaves the fixtures alone (they are wrong on purpose).
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint-fixtures/src');

const wrong = [
  'client/features/feed/components/cross-feature.ts',
  'client/features/feed/root-file.ts',
  'client/features/feed/dynamic-import.ts',
  'client/components/imports-feature.ts',
  'client/offline/imports-feature.ts',
  'client/lib/imports-feature.ts',
  'client/lib/imports-server.ts',
  'server/features/posts/cross-feature.ts',
  'server/features/posts/dynamic-import.ts',
  'server/lib/imports-feature.ts',
  'server/plugins/imports-feature.ts',
  'shared/imports-client.ts',
  'shared/imports-server.ts',
];

const allowed = ['client/features/feed/components/allowed.ts', 'client/app/allowed.ts', 'server/features/posts/allowed.ts'];

describe('import boundaries', { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: root, ignore: false });

  async function boundaryErrors(file: string) {
    const [result] = await eslint.lintFiles([path.join(fixtures, file)]);
    return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies' && m.severity === 2).map((m) => m.message);
  }

  it.each(wrong)('%s fails with the boundary rule', async (file) => {
    expect(await boundaryErrors(file)).toHaveLength(1);
  });

  it.each(allowed)('%s passes', async (file) => {
    const [result] = await eslint.lintFiles([path.join(fixtures, file)]);
    expect(result.messages).toEqual([]);
  });

  it('the server does not introspect the database', async () => {
    const [result] = await eslint.lintFiles([path.join(fixtures, 'server/lib/introspects.ts')]);
    expect(result.messages.filter((m) => m.ruleId === 'no-restricted-properties' && m.severity === 2).map((m) => m.message)).toEqual([
      expect.stringContaining('no database introspection'),
    ]);
  });

  it('eslint . ignores the fixtures', async () => {
    const plain = new ESLint({ cwd: root });
    for (const file of [...wrong, ...allowed, 'server/lib/introspects.ts']) expect(await plain.isPathIgnored(path.join(fixtures, file))).toBe(true);
  });
});
