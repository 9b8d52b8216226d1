import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of docs/architecture: shared ← server, shared ← web; features never import features. */
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/web/**'], message: 'shared imports nothing of ours.' },
        {
          group: ['react', 'react-*', 'node:*'],
          message: 'shared is pure TypeScript: no React, DOM or node:.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/web/**', 'react', 'react-dom'], message: 'The server never imports the web app.' },
      ]),
    },
  },
  {
    files: ['src/server/modules/*/**/*.ts'],
    ignores: ['src/server/modules/*/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/web/**', 'react', 'react-dom'], message: 'The server never imports the web app.' },
        {
          regex: '^\\.\\./(?!\\.\\.)[^/]+/.+\\.repo$',
          message: "Call another module's service, never its repo.",
        },
      ]),
    },
  },
  {
    files: ['src/server/integrations/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/modules/**', '**/db/**', '**/plugins/**', '**/web/**'],
          message: 'Integrations know only shared code and their vendor.',
        },
      ]),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', 'node:*'], message: 'The web app never imports the server.' },
      ]),
    },
  },
  {
    files: ['src/web/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', 'node:*'], message: 'The web app never imports the server.' },
        {
          regex: '^\\.\\./\\.\\./(?!\\.\\.)',
          message: 'A feature never imports another feature; routes compose them.',
        },
        { group: ['**/app/**'], message: 'Features do not import the app layer.' },
      ]),
    },
  },
);
