// One lint configuration for the whole workspace. Import direction is enforced here:
// `shared` imports no other package, and nothing imports `app` or `api` (root tooling may read the
// API's demo accounts through its declared subpath export).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbid = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }];
const APP_API_ONLY = {
  group: ['@payportal/api*', '@payportal/parent-demo*', '@payportal/analytics*'],
  message: 'the app talks to the API over HTTP only',
};
// A feature folder reaches another feature only through that feature's index.ts, its public entry: what
// a feature keeps to itself can change without another one breaking. Tests may reach in to set up state.
// `lazyEntries` are entries kept out of index.ts because they are loaded later with a heavy library.
const featureEntriesOnly = (features, lazyEntries = []) => ({
  regex: `^(\\.\\./)+${lazyEntries.map((entry) => `(?!${entry.replaceAll('.', '\\.')}$)`).join('')}(${features.join('|')})/(?!index\\.ts$)`,
  message: 'a feature imports another feature only through its index.ts (what it keeps to itself can change)',
});
const APP_FEATURES = featureEntriesOnly(
  readdirSync(new URL('packages/app/src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
  // The standalone session brings the Firebase SDK: the sign-in page loads it only with the sign-in flow.
  ['session/standaloneSession.ts'],
);
// auth/, db/, http/, errors/, admission/ and the API's other shared folders are not features: every
// feature imports them by path.
const API_FEATURE_NAMES = [
  'alerts',
  'analytics',
  'dashboards',
  'documents',
  'exports',
  'identity',
  'invites',
  'merchants',
  'optimizer',
  'organization',
  'partners',
  'uploads',
];
const NO_TEST_CODE = {
  group: ['**/testing/*', 'vitest', 'vitest/*', '@testing-library/*'],
  message: 'production code does not import test-only code (src/testing/) or test libraries',
};

// Imports flow lib/ui → features → app: app/ composes features, never the reverse.
const APP_LAYERS = [
  APP_API_ONLY,
  { group: ['**/app/*'], message: 'features and shared code do not import app/: it composes them' },
  NO_TEST_CODE,
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['@payportal/*', 'node:*'], 'shared is pure: no other package, no I/O') },
  },
  {
    files: ['packages/embed-sdk/**/*.ts', 'packages/parent-demo/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(
        ['@payportal/app*', '@payportal/api*', '@payportal/analytics*'],
        'nothing imports app or api; analytics is for the API',
      ),
    },
  },
  {
    // analytics imports shared only, and only the API and the benchmarks import it.
    files: ['packages/analytics/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['@payportal/app*', '@payportal/api*', '@payportal/embed-sdk*', '@payportal/parent-demo*'],
        'analytics imports shared only',
      ),
    },
  },
  {
    files: ['packages/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': forbid(
        ['@payportal/api*', '@payportal/parent-demo*', '@payportal/analytics*'],
        'the app talks to the API over HTTP only',
      ),
    },
  },
  {
    // Test-only code lives in src/testing/ (fakes, render helpers, test configuration) and production
    // code never imports it, nor vitest: nothing of a test reaches a build.
    files: ['packages/app/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/app/src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_API_ONLY, NO_TEST_CODE] }] },
  },
  {
    files: ['packages/app/src/{features,lib,ui,theme}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: APP_LAYERS }] },
  },
  {
    files: ['packages/app/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...APP_LAYERS, APP_FEATURES] }] },
  },
  {
    files: [`packages/api/src/{${API_FEATURE_NAMES.join(',')}}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [featureEntriesOnly(API_FEATURE_NAMES)] }] },
  },
);
