import { createRequire } from 'node:module';
import nx from '@nx/eslint-plugin';
import i18next from 'eslint-plugin-i18next';

const require = createRequire(import.meta.url);

// The module-boundary rule reads the project graph Nx caches (nx show projects, nx build
// ... write it). Without one the rule only prints a warning and checks nothing, so a
// lint of an unprepared checkout would pass without the boundaries: refuse to run instead.
// (`npm run lint` runs `nx show projects` first, which writes the graph.)
function requireProjectGraph() {
  const { readCachedProjectGraph } = require('@nx/devkit');
  const { readFileMapCache } = require('@nx/devkit/internal');
  let graph = null;
  try {
    graph = readCachedProjectGraph();
  } catch {
    graph = null;
  }
  if (!graph || Object.keys(graph.nodes ?? {}).length === 0 || !readFileMapCache()) {
    throw new Error('The Nx project graph is missing: run `npx nx show projects` first; the module-boundary rule cannot run without it.');
  }
}
requireProjectGraph();

// Module boundaries are the architecture: a service never imports another service, the
// web app never imports server code, and libs only import libs. Tags live in each
// project's package.json ("nx": { "tags": [...] }). Test support (libs/testing and the
// process runner libs/local-stack, tagged scope:test-support) is for tests only: test
// files, test harnesses under src/testing, the end-to-end projects and scripts.
function moduleBoundaries({ testSupport }) {
  const shared = testSupport ? ['scope:shared', 'scope:test-support'] : ['scope:shared'];
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        { sourceTag: 'scope:service', onlyDependOnLibsWithTags: shared },
        { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: shared },
        { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:api-client', 'type:domain-rules'] },
        { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared', 'scope:test-support'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: shared },
        { sourceTag: 'scope:test-support', onlyDependOnLibsWithTags: ['scope:shared', 'scope:test-support'] },
        { sourceTag: 'type:api-client', onlyDependOnLibsWithTags: [] },
        { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain-rules'] },
        // The rules run in browsers too: no framework, no Node, no other lib.
        { sourceTag: 'type:domain-rules', onlyDependOnLibsWithTags: [] },
        // The examples for teams outside this repository (examples/): the contracts at most, which
        // they use for types; their tests may use the shared and test-support libs.
        { sourceTag: 'scope:example', onlyDependOnLibsWithTags: testSupport ? shared : ['type:contracts'] },
      ],
    },
  ];
}

// Issue 9: every screen of the web app is translated (apps/web/src/i18n/README.md). Text in
// JSX and in the attributes a user reads or hears must come from a catalogue (t(...)).
const USER_FACING_ATTRIBUTES = [
  'title', 'subTitle', 'subtitle', 'label', 'placeholder', 'message', 'description', 'okText', 'cancelText',
  'tooltip', 'aria-label', 'alt', 'extra', 'help', 'content', 'emptyText', 'documentTitle', 'text',
  'checkedChildren', 'unCheckedChildren', 'addonBefore', 'addonAfter', 'heading', 'caption', 'hint', 'summary',
];
const literalStrings = [
  'error',
  {
    mode: 'jsx-only',
    'jsx-attributes': { include: USER_FACING_ATTRIBUTES },
    'jsx-components': { exclude: ['Trans'] },
    // Punctuation and numbers, CONSTANTS, and single lower-case code words ('admin',
    // '/app/dashboard', 'en-US') compared or passed inside JSX are not prose.
    words: { exclude: ['[0-9!-/:-@[-`{-~\\s]+', '[A-Z_-]+', '[a-z][a-zA-Z0-9_./:#?=&-]*', '—', '·'] },
    'should-validate-template': true,
  },
];

const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.spec.tsx', '**/*.pw-spec.ts', '**/src/testing/**'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/jest.config.js', '**/jest.config.*.js', '**/dist', '**/node_modules', '**/coverage', '.nx', '**/*.d.ts', 'apps/web/vite.config.ts', 'test-results', 'playwright-report', '.run'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries({ testSupport: false }) },
  },
  {
    // Later blocks win: tests and their harnesses may also use the test support libs.
    files: TEST_FILES,
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries({ testSupport: true }) },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Explicit types on configuration fields feed decorator metadata (implicit conversion).
      '@typescript-eslint/no-inferrable-types': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: [...TEST_FILES, 'apps/web/src/test/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': literalStrings },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
