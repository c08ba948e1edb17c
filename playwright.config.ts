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
  reporter: [['list'], ['./e2e/support/printErrorContext.ts']],
  use: {
    headless: true,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
