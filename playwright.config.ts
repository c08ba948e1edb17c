import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium.ts';

export default defineConfig({
  testDir: 'e2e',
  // The scale-out topology's tests need their own stack: playwright.scale.config.ts.
  testIgnore: '**/scale/**',
  globalSetup: './e2e/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Per-file durations for `npm run test:times` (scripts/testTimesCli.ts).
  reporter: [
    ['list'],
    ['./e2e/support/printErrorContext.ts'],
    ['json', { outputFile: `.test-reports/${process.env.E2E_REPORT ?? 'playwright'}.json` }],
  ],
  // `npm test` runs the browser project; a spec named `*.slow.spec.ts` is in the slow tier (`npm run
  // test:e2e:slow`, part of `npm run test:slow`), against a stack of its own at scale factor 1.
  projects: [
    { name: 'browser', testIgnore: ['**/scale/**', '**/*.slow.spec.ts'] },
    { name: 'slow', testMatch: '**/*.slow.spec.ts' },
  ],
  use: {
    headless: true,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
