import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp', 'dev-dist'] },
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
    // Features never import each other (STYLE.md): shared code lives in lib/, components/ or shared/.
    files: ['src/client/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Post cards and the post box are shown inside the feed and groups, and scenario cards on a
            // user's profile: those components and their calls are the only ones other features import.
            {
              group: ['../../*/**', '!../../../**', '!../../posts/**', '!../../scenarios/components', '!../../scenarios/components/scenario-card'],
              message: 'Features must not import other features.',
            },
            { group: ['**/features/**'], message: 'Features must not import other features.' },
            { group: ['**/server/**'], message: 'The client must not import server code.' },
          ],
        },
      ],
    },
  },
  {
    // Server features likewise: shared server code lives in lib/, plugins/, db/, uploads/, storage/, jobs/.
    files: ['src/server/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/**', '!../../**'], message: 'Server features must not import other features.' },
            { group: ['**/features/**'], message: 'Server features must not import other features.' },
            { group: ['**/client/**'], message: 'The server must not import client code.' },
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
