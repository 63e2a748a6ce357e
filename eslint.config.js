import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp', 'dev-dist', 'tests/lint-fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Architectural boundaries, checked on resolved import paths (static, re-export and dynamic import()):
    // a feature never imports another feature; shared code (server lib/ and plugins/, client components/,
    // offline/ and lib/) never imports a feature; src/shared imports neither client nor server. Only the
    // client's app/ (router, layout) and the server's composition root put features together.
    // Two building blocks are shown by other features and so are open to them: the posts feature's
    // components and calls (the post card and composer appear in the feed, groups and profiles) and
    // the scenario card (a user's profile lists their scenarios).
    files: ['src/**', 'sw/**', 'tests/lint-fixtures/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['src/**', 'sw/**', 'tests/lint-fixtures/**'],
      'boundaries/elements': [
        { type: 'client-building-block', pattern: ['**/client/features/posts/components/**', '**/client/features/posts/api/**'], partialMatch: false },
        { type: 'client-building-block', pattern: '**/client/features/scenarios/components/scenario-card.tsx', mode: 'file' },
        { type: 'client-feature', pattern: 'client/features/*', capture: ['name'] },
        { type: 'client-shared', pattern: 'client/(components|offline|lib)' },
        { type: 'client', pattern: 'client' },
        { type: 'server-feature', pattern: 'server/features/*', capture: ['name'] },
        { type: 'server-shared', pattern: 'server/(lib|plugins)' },
        { type: 'server', pattern: 'server' },
        { type: 'shared', pattern: 'shared' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: ['client-feature', 'client-shared'] } },
              disallow: { to: { element: { types: ['client-feature'] } } },
              message: 'A client feature is imported only by its own files and by app/ (router, layout).',
            },
            {
              from: { element: { types: ['server-feature', 'server-shared'] } },
              disallow: { to: { element: { types: ['server-feature'] } } },
              message: 'A server feature is imported only by its own files and by the composition root: pass what another feature needs in as a port.',
            },
            {
              from: { element: { types: ['client-feature', 'server-feature'] } },
              allow: { dependency: { relationship: { to: 'internal' } } },
            },
            {
              from: { element: { types: ['client-feature', 'client-shared', 'client'] } },
              disallow: { to: { element: { types: ['server-feature', 'server-shared', 'server'] } } },
              message: 'The client must not import server code.',
            },
            {
              from: { element: { types: ['server-feature', 'server-shared', 'server'] } },
              disallow: { to: { element: { types: ['client-feature', 'client-shared', 'client'] } } },
              message: 'The server must not import client code.',
            },
            {
              from: { element: { types: ['shared'] } },
              disallow: { to: { element: { types: ['client-feature', 'client-shared', 'client', 'server-feature', 'server-shared', 'server'] } } },
              message: 'src/shared must not import client or server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // src/shared is the contract: plain TypeScript and valibot, usable by client, server and worker.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/client/**', '**/sw/**'], message: 'src/shared must not import client or server code.' },
            { group: ['fastify', 'fastify/**', '@fastify/*', 'kysely', 'react', 'react-dom', 'dexie', 'node:*'], message: 'src/shared holds the contract only.' },
          ],
        },
      ],
    },
  },
);
