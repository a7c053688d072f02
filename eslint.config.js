import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// ---------------------------------------------------------------------------------------------
// Web boundaries (bulletproof-react's rules, with import-x's no-restricted-paths). The web app is
// app/ (routes, guards, lazy pages) over features/<name>/ over components/ and lib/, and imports
// only flow that way:
// - a feature's index.ts is its only door: app/ and other features import `@web/features/<name>`,
//   never a file inside it (a feature's own files import each other freely);
// - features never import app/;
// - components/ and lib/ never import features/ or app/ (they are shared by every feature).
// The list of features is read from the folder, so a new feature is fenced in the day it appears.
const WEB_FEATURES = readdirSync(`${import.meta.dirname}/src/web/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_DOORS = WEB_FEATURES.map((name) => `./${name}/index.ts`);
const webBoundaries = {
  files: ['src/web/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...WEB_FEATURES.map((name) => ({
            target: `./src/web/features/${name}`,
            from: './src/web/features',
            except: [`./${name}`, ...FEATURE_DOORS.filter((door) => door !== `./${name}/index.ts`)],
            message: `Import another feature through its door, '@web/features/<name>' (its index.ts), or move what both need to components/ or lib/.`,
          })),
          {
            target: './src/web/app',
            from: './src/web/features',
            except: FEATURE_DOORS,
            message: "app/ reaches a feature through its index.ts ('@web/features/<name>'): list the page there.",
          },
          { target: './src/web/features', from: './src/web/app', message: 'Features do not import app/: app/ composes features.' },
          {
            target: ['./src/web/components', './src/web/lib'],
            from: ['./src/web/features', './src/web/app'],
            message: 'components/ and lib/ are shared by every feature and never import features/ or app/.',
          },
        ],
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Server boundaries. Each src/server/modules/<name>/ is a subject of the bureau that owns its URLs
// (docs/ARCHITECTURE.md, "Module map") and opens through one door, its index.ts:
// - a module imports another module only through `../<name>` (its index.ts), never a file inside it;
// - the rest of the server (app.ts, jobs/, db/, lib/, plugins/) does the same;
// - no import cycles anywhere in the server, so modules stay layered (a cycle between two modules
//   shows as a cycle through their index files).
// The list of modules is read from the folder, so a new module is fenced in the day it appears.
const SERVER_MODULES = readdirSync(`${import.meta.dirname}/src/server/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MODULE_DOORS = SERVER_MODULES.map((name) => `./${name}/index.ts`);
const serverBoundaries = {
  files: ['src/server/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    // no-cycle reads the imported files too: it needs to know they are TypeScript.
    ...importX.flatConfigs.typescript.settings,
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...SERVER_MODULES.map((name) => ({
            target: `./src/server/modules/${name}`,
            from: './src/server/modules',
            except: [`./${name}`, ...MODULE_DOORS.filter((door) => door !== `./${name}/index.ts`)],
            message: `Import another module through its door, '../<name>' (its index.ts): export what you need there.`,
          })),
          {
            target: [
              './src/server/app.ts',
              './src/server/module-registry.ts',
              './src/server/jobs',
              './src/server/db',
              './src/server/lib',
              './src/server/plugins',
            ],
            from: './src/server/modules',
            except: MODULE_DOORS,
            message: "Reach a module through its index.ts ('modules/<name>'), never a file inside it.",
          },
        ],
      },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    // One way to read raw SQL (decisions/027): rows parsed by a zod schema, never typed by a cast.
    'no-restricted-syntax': [
      'error',
      {
        selector: 'CallExpression[callee.name=/^query(Prepared)?Rows$/][typeArguments]',
        message: 'Read raw SQL rows with queryParsedRows / queryPreparedParsedRows and a zod row schema, not a type argument.',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.bench-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs', 'bench/**/*.{js,mjs}', 'docs/**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The web never imports the server (brief: imports flow one way).
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  webBoundaries,
  serverBoundaries,
  {
    // Drizzle tables refer to each other through lazy callbacks (`references(() => plans.code)`),
    // which cannot loop at load time: the schema files are the one place such cycles are fine.
    files: ['src/server/db/schema/**/*.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
);
