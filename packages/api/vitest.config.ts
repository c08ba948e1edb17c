import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    // Opening PGlite on a loaded machine and starting the identity emulator and PostgreSQL take a while.
    hookTimeout: 120_000,
    globalSetup: ['test/globalSetup.ts'],
  },
});
