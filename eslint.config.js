// One lint configuration for the whole workspace. Import direction is enforced here:
// `shared` imports no other package, and nothing imports `app` or `api` (root tooling may read the
// API's demo accounts through its declared subpath export).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbid = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }];
const APP_API_ONLY = {
  group: ['@payportal/api*', '@payportal/parent-demo*', '@payportal/analytics*'],
  message: 'the app talks to the API over HTTP only',
};
const NO_TEST_CODE = {
  group: ['**/testing/*', 'vitest', 'vitest/*', '@testing-library/*'],
  message: 'production code does not import test-only code (src/testing/) or test libraries',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
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
    // Imports flow lib/ui → features → app: app/ composes features, never the reverse.
    files: ['packages/app/src/{features,lib,ui,theme}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP_API_ONLY,
            { group: ['**/app/*'], message: 'features and shared code do not import app/: it composes them' },
            NO_TEST_CODE,
          ],
        },
      ],
    },
  },
);
