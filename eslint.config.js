import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import i18next from 'eslint-plugin-i18next';

/** Client folders whose JSX holds no bare user-visible text (i18next/no-literal-string below). */
export const I18N_CHECKED = [
  'src/client/app/**/*.tsx',
  'src/client/components/**/*.tsx',
  'src/client/offline/**/*.tsx',
  'src/client/features/admin/**/*.tsx',
  'src/client/features/admin-media/**/*.tsx',
  'src/client/features/admin-posts/**/*.tsx',
  'src/client/features/auth/**/*.tsx',
  'src/client/features/downloads/**/*.tsx',
  'src/client/features/feed/**/*.tsx',
  'src/client/features/groups/**/*.tsx',
  'src/client/features/licences/**/*.tsx',
  'src/client/features/media/**/*.tsx',
  'src/client/features/notifications/**/*.tsx',
  'src/client/features/posts/**/*.tsx',
  'src/client/features/search/**/*.tsx',
  'src/client/features/scenarios/**/*.tsx',
  'src/client/features/site-pages/**/*.tsx',
  'src/client/features/tms/**/*.tsx',
  'src/client/features/users/**/*.tsx',
  'tests/lint-fixtures/i18n/**/*.tsx',
];

/**
 * Text that is the same in every language: product and company names, codes, units and symbols
 * (whole JSX texts or attribute values, as regular expressions). Words in capitals and
 * punctuation alone are allowed by the rule itself.
 */
const I18N_ALLOWED_WORDS = [
  '[0-9!-/:-@[-`{-~]+',
  '[A-Z_-]+',
  /^\p{Emoji}+$/u,
  '[()✕☰…⋯·•×→←↑↓–—©★☆✓✗□“”„‘’«»]+',
  'REALITi( Community)?',
  'Community',
  'iSimulate( Pty Ltd)?',
  'corpuls',
  'CTGi|ALSi',
  'CAE',
  'ZOLL',
  'Laerdal',
  'English',
  'Deutsch',
  'MiB|KiB|GiB|MB|GB|KB',
  '[a-z]{2}(-[A-Z]{2})?',
];

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
        { type: 'client-building-block', pattern: '**/client/features/scenarios/components/card/**', partialMatch: false },
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
  {
    // The server knows its tables from its migrations. Kysely's introspection walks every schema of
    // the database and resolves each table by name: on PostgreSQL it fails when another schema of
    // that database is dropped meanwhile (tests/server/pg-own-schema.test.ts).
    files: ['src/server/**', 'tests/lint-fixtures/src/server/**'],
    rules: {
      'no-restricted-properties': ['error', { property: 'introspection', message: 'The server reads its own schema only: no database introspection.' }],
    },
  },
  {
    // No user-visible text written straight into JSX in the folders that speak the user's language:
    // text and the attributes people read or hear go through t() and the catalogues
    // (src/client/i18n/locales). Names and codes that are the same in every language are allowed.
    // A folder joins the list once all its screens are translated; I18N_AUDIT=1 npx eslint src/client
    // shows what is left in the others.
    files: process.env.I18N_AUDIT ? ['src/client/**/*.tsx'] : I18N_CHECKED,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-description', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label', 'caption', 'summary', 'data-label', 'confirmLabel', 'cancelLabel', 'dropText', 'help', 'message'] },
          words: { exclude: I18N_ALLOWED_WORDS },
          // Arguments of calls and values of object properties inside JSX are code (register('email'),
          // { type: 'password' }); the texts they pass are checked where they are written. A list's
          // map callback is not: the JSX it returns is screen text like any other.
          callees: { exclude: ['(?!(?:.*\\.)?(?:map|flatMap)$).*'] },
          'object-properties': { exclude: ['.*'] },
        },
      ],
    },
  },
);
