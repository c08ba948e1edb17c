// test:times reads both runners' JSON reports into per-file durations and lists the slowest first.
import { describe, expect, it } from 'vitest';
import { playwrightFileTimes, slowestLines, vitestFileTimes } from './testTimes.ts';

describe('per-file test times', () => {
  it('takes a vitest file from its start to its end, path relative to the root', () => {
    const report = {
      testResults: [
        { name: '/repo/packages/api/test/a.test.ts', startTime: 1_000, endTime: 4_500, assertionResults: [{}, {}] },
      ],
    };
    expect(vitestFileTimes(report, 'vitest', '/repo')).toEqual([
      { file: 'packages/api/test/a.test.ts', runner: 'vitest', ms: 3_500, tests: 2 },
    ]);
  });

  it('adds up a Playwright spec file over its nested suites and every try', () => {
    const report = {
      suites: [
        {
          file: 'overflow.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 1_000 }, { duration: 500 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }] }],
        },
      ],
    };
    expect(playwrightFileTimes(report, 'playwright')).toEqual([
      { file: 'e2e/overflow.spec.ts', runner: 'playwright', ms: 3_500, tests: 2 },
    ]);
  });

  it('lists the slowest first, at most the count asked', () => {
    const times = [1, 3, 2].map((seconds) => ({ file: `f${seconds}`, runner: 'vitest', ms: seconds * 1000, tests: 1 }));
    const lines = slowestLines(times, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\s+3\.0 s .* f3$/);
    expect(lines[1]).toMatch(/ f2$/);
  });
});
