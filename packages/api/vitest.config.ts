import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@payportal/source'] },
  test: { name: 'api', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 60_000 },
});
