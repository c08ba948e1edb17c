// The browser tests of `npm run start:scale`'s topology (e2e/scale/), run by `npm run test:e2e` after
// the others: their own stack, started once by e2e/scale/globalSetup.ts, and one worker (a test's
// upload changes the organisation whose figures the other test reads).
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: 'e2e/scale',
  testIgnore: [],
  globalSetup: './e2e/scale/globalSetup.ts',
  workers: 1,
  projects: [{ name: 'scale' }],
  reporter: [
    ['list'],
    ['./e2e/support/printErrorContext.ts'],
    ['json', { outputFile: '.test-reports/playwright-scale.json' }],
  ],
});
