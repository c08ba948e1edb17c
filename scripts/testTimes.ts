// Where a test run's time went, per file: durations read from the JSON reports that `npm test` and
// `npm run test:slow` write into .test-reports/ (vitest's `json` reporter, Playwright's `json` reporter).
import { relative } from 'node:path';

export interface FileTime {
  file: string;
  /** The runner that ran it: the report's name (vitest, vitest-slow, playwright, playwright-scale). */
  runner: string;
  ms: number;
  tests: number;
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** One entry per test file of a vitest JSON report: from its first test's start to its last one's end. */
export function vitestFileTimes(report: VitestReport, runner: string, root: string): FileTime[] {
  return report.testResults.map((result) => ({
    file: relative(root, result.name),
    runner,
    ms: Math.max(0, result.endTime - result.startTime),
    tests: result.assertionResults.length,
  }));
}

/** One entry per spec file of a Playwright JSON report: the sum of its tests' durations (every try). */
export function playwrightFileTimes(report: { suites: PlaywrightSuite[] }, runner: string): FileTime[] {
  const byFile = new Map<string, FileTime>();
  const visit = (suite: PlaywrightSuite, file: string) => {
    const entry = byFile.get(file) ?? { file, runner, ms: 0, tests: 0 };
    byFile.set(file, entry);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        entry.tests += 1;
        entry.ms += test.results.reduce((sum, result) => sum + result.duration, 0);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites) visit(suite, `e2e/${suite.file ?? '?'}`);
  return [...byFile.values()];
}

/** The slowest `count` files, slowest first, as aligned lines. */
export function slowestLines(times: FileTime[], count = 20): string[] {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  return slowest.map(
    (time) =>
      `${(time.ms / 1000).toFixed(1).padStart(7)} s  ${String(time.tests).padStart(4)} tests  ${time.runner.padEnd(16)} ${time.file}`,
  );
}
