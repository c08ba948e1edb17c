import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'analytics',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One ClickHouse server for the whole run (test/startClickHouse.ts); files inject its URL.
    globalSetup: ['test/globalSetup.ts'],
  },
});
