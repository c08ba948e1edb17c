import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import analytics from './packages/analytics/vitest.config.ts';
import api from './packages/api/vitest.config.ts';

// One run over every package; each project names its environment (happy-dom for browser code).
// Two files at a time. A file named `*.serial.test.ts` measures load or stops processes: its package's
// `-serial` project runs such files one at a time after the others (`npm test`). A file named
// `*.slow.test.ts` is in the slow tier: its package's `-slow` project, run by `npm run test:slow` only
// (`vitest run --project '*-slow'`; `npm run test:unit` is `--project '!*-slow'`). README.md, "Tests".
const TIERS = { serial: 1, slow: 2 } as const;

/** The package's project without its serial and slow files, and one project per tier with only those. */
function tiered(root: string, project: TestProjectInlineConfiguration): TestProjectInlineConfiguration[] {
  const test = project.test!;
  const tierFiles = (tier: string) => (test.include ?? []).map((glob) => glob.replace('*.test.', `*.${tier}.test.`));
  return [
    {
      ...project,
      test: { ...test, root, exclude: [...configDefaults.exclude, ...Object.keys(TIERS).flatMap(tierFiles)] },
    },
    ...Object.entries(TIERS).map(([tier, groupOrder]) => ({
      ...project,
      test: {
        ...test,
        root,
        name: `${test.name}-${tier}`,
        include: tierFiles(tier),
        fileParallelism: false,
        sequence: { groupOrder },
      },
    })),
  ];
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Per-file durations for `npm run test:times` (scripts/testTimesCli.ts); the slow tier writes vitest-slow.json.
    reporters: ['default', 'json'],
    outputFile: { json: '.test-reports/vitest.json' },
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      ...tiered('packages/analytics', analytics),
      ...tiered('packages/api', api),
      'packages/app/vite.config.ts',
      'packages/embed-sdk/vite.config.ts',
      ...tiered('.', {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      }),
    ],
  },
});
