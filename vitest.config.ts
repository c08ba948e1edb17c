import { defineConfig } from 'vitest/config';

// One run over every package; each project names its environment (happy-dom for browser code).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      'packages/analytics/vitest.config.ts',
      'packages/api/vitest.config.ts',
      'packages/app/vite.config.ts',
      'packages/embed-sdk/vite.config.ts',
      {
        test: {
          name: 'scripts',
          root: '.',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
