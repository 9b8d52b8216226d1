import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The folders directly inside `dir` (features, modules, integration kinds): each one is a zone of its own. */
const folders = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const features = folders('src/web/features');
const modules = folders('src/server/modules');
const integrations = folders('src/server/integrations');
const others = (list, self) => list.filter((name) => name !== self);

/**
 * The import boundaries of docs/architecture.md, checked on the RESOLVED path of every import (relative,
 * `#shared/*` or otherwise), so a deeper relative path cannot slip through. lint-fixtures/ holds one
 * deliberate violation per zone; src/lint-boundaries.test.ts proves each is still reported.
 */
const zones = [
  {
    target: 'src/shared',
    from: ['src/server', 'src/web'],
    message: 'shared imports nothing of the server or the web app.',
  },
  { target: 'src/server', from: 'src/web', message: 'The server never imports the web app.' },
  { target: 'src/web', from: 'src/server', message: 'The web app never imports the server.' },
  {
    target: ['src/web/components', 'src/web/lib'],
    from: 'src/web/features',
    message: 'web/components and web/lib import no feature: they sit below the features.',
  },
  {
    target: ['src/web/components', 'src/web/lib', 'src/web/features'],
    from: 'src/web/app',
    message: 'Only the app layer composes features; nothing below imports it.',
  },
  ...features.map((feature) => ({
    target: `src/web/features/${feature}`,
    from: 'src/web/features',
    except: [`./${feature}`, ...others(features, feature).map((other) => `./${other}/index.ts`)],
    message: 'A feature imports another feature only through its public file (features/<name>/index.ts).',
  })),
  {
    target: 'src/server/integrations',
    from: ['src/server/modules', 'src/server/plugins', 'src/server/app.ts', 'src/server/server.ts'],
    message: 'Integrations import no module, plugin or app code: they know shared code and their vendor.',
  },
  ...integrations.map((kind) => ({
    target: `src/server/integrations/${kind}`,
    from: 'src/server/integrations',
    except: [`./${kind}`],
    message: 'One integration never imports another.',
  })),
  {
    target: ['src/server/integrations/*/!(sandbox)/**', 'src/server/integrations/*/*.ts'],
    from: 'src/server/db',
    message: 'Only a built-in sandbox adapter (integrations/<kind>/sandbox/) uses the database.',
  },
  {
    target: ['src/server/plugins', 'src/server/db', 'src/server/lib'],
    from: 'src/server/modules',
    message: 'Plugins, db and lib sit below the modules: they import no module code.',
  },
  {
    target: 'src/server/lib',
    from: 'src/server/db',
    message: 'lib holds neutral helpers: it imports nothing of the database.',
  },
  {
    target: 'src/server/jobs',
    from: 'src/server/modules',
    except: modules.map((module) => `./${module}/index.ts`),
    message: "A job reaches a module only through the module's public file (modules/<name>/index.ts).",
  },
  {
    // scope.ts, voice-modules.ts: shared by or composing modules, through their public files and services.
    target: 'src/server/modules/*.ts',
    from: 'src/server/modules',
    except: [
      './scope.ts',
      ...modules.flatMap((module) => [`./${module}/index.ts`, `./${module}/${module}.service.ts`]),
    ],
    message:
      "A file directly in modules/ uses a module's index.ts or service, never its repo, routes or helpers.",
  },
  {
    target: 'src/server/modules',
    from: 'src/server/integrations',
    except: ['./index.ts', ...integrations.flatMap((kind) => [`./${kind}/port.ts`, `./${kind}/index.ts`])],
    message: "A module uses an integration through its port.ts or index.ts, never an adapter's internals.",
  },
  ...modules.map((module) => ({
    target: `src/server/modules/${module}`,
    from: 'src/server/modules',
    except: [
      `./${module}`,
      './scope.ts',
      ...others(modules, module).map((other) => `./${other}/${other}.service.ts`),
    ],
    message: "A module calls another module's service, never its repo or routes.",
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'drizzle',
      'test-results',
      'playwright-report',
      'lint-fixtures/**',
      '!lint-fixtures/boundaries.test.ts',
    ],
  },
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
    files: ['src/**/*.{ts,tsx}', 'lint-fixtures/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests may set up state through any layer; the boundaries are for the code that ships.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/server/test/**', 'src/web/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'node:*'],
              message: 'shared is pure TypeScript: no React, DOM or node:.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The web app runs in the browser: no node:.' }] },
      ],
    },
  },
);
