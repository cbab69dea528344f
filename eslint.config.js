import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
// 4.6.1, pinned: later versions resolve through unrs-resolver, whose platform bindings this registry does not
// carry, which leaves package-lock.json unable to satisfy `npm ci`.
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
/** An absolute glob under the repository (no-restricted-paths matches `except` globs against absolute paths as they are). */
const abs = (glob) => path.join(root, glob);

/**
 * Module folders are found, not listed: every folder of server/ and web/ that is not named here is a module,
 * so a new module (server/fto, web/reports, ...) is fenced in the day its folder appears.
 */
const SERVER_SHARED = ['platform', 'db', 'test-support'];
const WEB_SHARED = ['app', 'lib', 'ui', 'public'];
const foldersOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = foldersOf('server').filter((name) => !SERVER_SHARED.includes(name));
const webModules = foldersOf('web').filter((name) => !WEB_SHARED.includes(name));

/**
 * Zones (a file matching `target` may not import a file matching `from`, unless it matches `except`).
 * The layers, bottom to top:
 *   core/                          pure and isomorphic: imports nothing of ours outside core/.
 *   server/db, server/env.ts       below everything on the server.
 *   server/platform/               the shared plumbing: db, env.ts and core/ only, never a module.
 *   server/<module>/               its own folder, platform, db, env.ts and core/; never another module
 *                                  (cross-module links go through server/platform or core/contracts).
 *   server/app.ts, main.ts,        the composition root: anything (files directly in server/ are in no
 *   modules.ts                     target zone).
 *   web/lib/, web/ui/              the web's shared library: no module, not the shell.
 *   web/<module>/                  its own folder, web/lib, web/ui and core/; never another module nor the shell.
 *   web/app/, web/main.tsx,        the shell and composition root (the app's start, and the sign-in
 *   web/sign-in.tsx                page's): anything in web/ and core/.
 * web/ never imports server/ and server/ never imports web/.
 */
const layerZones = [
  {
    target: abs('core/**'),
    from: abs('**'),
    except: [abs('core/**'), abs('node_modules/**')],
    message: 'core/ is pure and imports nothing of ours outside core/.',
  },
  { target: abs('web/**'), from: abs('server/**'), message: 'web/ never imports server/: share through core/.' },
  { target: abs('server/**'), from: abs('web/**'), message: 'server/ never imports web/: share through core/.' },
];
/** One file, written as a glob (`env.@(ts)`): a zone's `from` and `except` must be all globs or all plain paths. */
const exactly = (file) => abs(file.replace(/\.(\w+)$/, '.@($1)'));
const SERVER_ENV = exactly('server/env.ts');
const SERVER_BELOW_MODULES = [abs('server/platform/**'), abs('server/db/**'), SERVER_ENV];
const WEB_BELOW_MODULES = ['web/lib/**', 'web/ui/**', 'web/public/**'].map(abs);
const serverZones = [
  {
    target: abs('server/db/**'),
    from: abs('server/**'),
    except: [abs('server/db/**'), SERVER_ENV],
    message: 'server/db is below everything: it imports only server/db, server/env.ts and core/.',
  },
  {
    target: abs('server/platform/**'),
    from: abs('server/**'),
    except: SERVER_BELOW_MODULES,
    message: 'server/platform imports no module (nor the composition root): only server/platform, server/db, server/env.ts and core/.',
  },
  ...serverModules.map((name) => ({
    target: abs(`server/${name}/**`),
    from: abs('server/**'),
    except: [abs(`server/${name}/**`), ...SERVER_BELOW_MODULES],
    message: `server/${name} imports no other module (nor the composition root): cross-module links go through server/platform or core/contracts.`,
  })),
];
/** The web's zones. */
const webZones = [
  {
    target: [abs('web/lib/**'), abs('web/ui/**')],
    from: abs('web/**'),
    except: WEB_BELOW_MODULES,
    message: 'web/lib and web/ui import no web module, nor the shell (web/app).',
  },
  ...webModules.map((name) => ({
    target: abs(`web/${name}/**`),
    from: abs('web/**'),
    except: [abs(`web/${name}/**`), ...WEB_BELOW_MODULES],
    message: `web/${name} imports no other web module nor the shell (web/app): shared code goes in web/lib or web/ui.`,
  })),
];
const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

/**
 * Files that may cross module lines: tests, test support, the composition roots, and the seeds (for now).
 * Files directly in server/ (app.ts, main.ts, modules.ts, env.ts) are in no target zone: they compose.
 */
const MAY_IMPORT_ANY_MODULE = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'server/test-support/**',
  'server/app.ts',
  'server/main.ts',
  'server/db/seed-*.ts',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'server/db/migrations', 'bench/results', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/env.ts only.',
        },
      ],
    },
  },
  {
    files: [
      'server/env.ts',
      'scripts/**',
      'bench/**',
      'test/**',
      'e2e/**',
      '*.config.ts',
      '*.config.js',
      'server/**/*.test.ts',
      'server/test-support/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  { files: ['web/**/*.tsx', 'web/**/*.ts'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  // core/ runs in the browser too: no Node built-ins (the paths it may import are a zone below).
  { files: ['core/**'], rules: { 'no-restricted-imports': ['error', { patterns: ['node:*'] }] } },
  // The browser's code (the web app and core/, whose contracts it reads) uses zod's tree-shakeable
  // build, zod/mini: the entry carries zod's core (~18 kB gz) instead of the full build (~30), and a
  // signed-in page does not fetch the full build's other half (issue 13). It is the same core, so the
  // server (which may use the full build for its own schemas) reads these schemas as they are.
  {
    files: ['web/**/*.{ts,tsx}', 'core/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The browser loads this file: import * as z from zod/mini.', allowTypeImports: true }],
          patterns: [
            { group: ['node:*'], message: 'core/ and the web app run in the browser: no Node built-ins.' },
            {
              group: ['zod/v3', 'zod/v4', 'zod/v4/classic'],
              message: 'The browser loads this file: import * as z from zod/mini.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // Mantine's Table.ScrollContainer draws a ScrollArea, which vite.config.ts cuts out of Table so that
  // a screen with a table does not load it (issue 13): web/ui/table-scroll.tsx draws the same scroll.
  {
    files: ['web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXMemberExpression[object.name='Table'][property.name='ScrollContainer']",
          message: 'Use TableScroll from web/ui/table-scroll.tsx: Table.ScrollContainer needs the ScrollArea the build leaves out.',
        },
      ],
    },
  },
  // A module's routes, URL search values and manifest load with every page (the entry chunk): values
  // from its zod contract would bring the contract and zod with them (issue 13). Types are free.
  {
    files: ['web/*/routes.ts', 'web/**/*-search.ts', 'web/*/manifest.ts'],
    // Not URL search values: a people search of a lazy screen, and the URL search kit itself (zod/mini).
    ignores: ['web/fto/admin/people-search.ts', 'web/lib/url-search.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The session's own contracts are in the entry already (sign-in and the profile need them).
              group: [
                '**/core/contracts/*',
                '!**/core/contracts/list-values.ts',
                '!**/core/contracts/auth.ts',
                '!**/core/contracts/errors.ts',
                'zod',
                'zod/*',
              ],
              allowTypeImports: true,
              message: 'This file loads with every page: take values from core/contracts/list-values.ts (no zod); type imports are fine.',
            },
          ],
        },
      ],
    },
  },
  // Zones and cycles, checked on our own files with Node's resolution (imports carry explicit .ts/.tsx extensions).
  {
    files: ['**/*.{js,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...layerZones, ...serverZones, ...webZones]),
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: '∞' }],
    },
  },
  { files: MAY_IMPORT_ANY_MODULE, rules: { 'import-x/no-restricted-paths': restrictedPaths(layerZones) } },
);
