// The translated client folders hold no bare user-visible text: eslint-plugin-i18next's
// no-literal-string rule (eslint.config.js) fails on text and on read-out attributes written
// straight into JSX, and lets texts through t() and the allowed names and codes pass.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint-fixtures/i18n');

describe('no bare text in JSX', { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: root, ignore: false });

  async function literalErrors(file: string) {
    const [result] = await eslint.lintFiles([path.join(fixtures, file)]);
    return result.messages.filter((m) => m.ruleId === 'i18next/no-literal-string' && m.severity === 2).map((m) => m.message);
  }

  it('a bare JSX text fails', async () => {
    expect(await literalErrors('bare-text.tsx')).toEqual([expect.stringContaining('Welcome to the community')]);
  });

  it('a bare aria-label fails', async () => {
    expect(await literalErrors('bare-attribute.tsx')).toEqual([expect.stringContaining('Close the dialog')]);
  });

  it('a bare text inside a list (a map callback) fails', async () => {
    expect(await literalErrors('bare-list-item.tsx')).toEqual([expect.stringContaining('Retry sending')]);
  });

  it('texts through t() and names, codes and units pass', async () => {
    expect(await literalErrors('translated.tsx')).toEqual([]);
  });

  it('covers the translated screens', async () => {
    for (const file of ['src/client/app/layout.tsx', 'src/client/features/auth/routes/login.tsx', 'src/client/features/groups/routes/my-groups.tsx', 'src/client/features/tms/routes/tms.tsx']) {
      const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> };
      expect(config.rules['i18next/no-literal-string'], file).toBeDefined();
    }
  });
});
