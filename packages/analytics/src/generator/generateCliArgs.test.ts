import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGenerateArgs, UsageError } from './generateCliArgs.ts';

const today = new Date('2026-11-23T12:00:00Z');
const problemsOf = (argv: string[]) => {
  try {
    parseGenerateArgs(argv, {}, today);
  } catch (error) {
    if (error instanceof UsageError) return error.problems;
    throw error;
  }
  throw new Error('expected a UsageError');
};

describe('parseGenerateArgs', () => {
  it("defaults to this month and the API's file: DATA_DIR, else .data at the repository root", () => {
    const repoData = fileURLToPath(new URL('../../../../.data', import.meta.url));
    expect(parseGenerateArgs(['--sf', '0.1', '--org', '3'], {}, today)).toEqual({
      scaleFactor: 0.1,
      orgId: 3,
      endMonth: '2026-11-01',
      file: join(repoData, 'analytics.duckdb'),
    });
    expect(parseGenerateArgs(['--sf', '1', '--org', '3'], { DATA_DIR: '/srv/data' }, today)).toMatchObject({
      file: '/srv/data/analytics.duckdb',
    });
  });

  it('takes an explicit end month and file', () => {
    expect(
      parseGenerateArgs(
        ['--sf', '10', '--org', '90000000', '--end-month', '2025-01-01', '--file', 'x.duckdb'],
        {},
        today,
      ),
    ).toEqual({ scaleFactor: 10, orgId: 90_000_000, endMonth: '2025-01-01', file: 'x.duckdb' });
  });

  it('targets a ClickHouse server instead of a file', () => {
    expect(
      parseGenerateArgs(['--sf', '1', '--org', '3', '--clickhouse', 'http://127.0.0.1:8123'], {}, today),
    ).toMatchObject({ clickhouse: 'http://127.0.0.1:8123' });
    expect(problemsOf(['--sf', '1', '--org', '3', '--clickhouse', 'http://ch:8123', '--file', 'x.duckdb'])).toEqual([
      '--file and --clickhouse name two targets: give one',
    ]);
    expect(problemsOf(['--sf', '1', '--org', '3', '--clickhouse', 'ch'])).toEqual([
      '--clickhouse must be an http(s) URL such as http://127.0.0.1:8123 (received "ch")',
    ]);
  });

  it('answers help', () => {
    expect(parseGenerateArgs(['--help'], {}, today)).toBe('help');
  });

  it.each([
    [[], ['--sf is required', '--org is required']],
    [['--sf', 'abc', '--org', '1'], ['--sf must be a number such as 0.1 or 1 (received "abc")']],
    [['--sf', '0', '--org', '1'], ['--sf must be above 0 (received "0")']],
    [['--sf', '20000', '--org', '1'], ['--sf must be at most 10000 (received "20000")']],
    [['--sf', '1', '--org', '1.5'], ['--org must be a whole number (received "1.5")']],
    [['--sf', '1', '--org', '0'], ['--org must be at least 1 (received "0")']],
    [
      ['--sf', '1', '--org', '1', '--end-month', '2026-11-15'],
      ['--end-month must be the first day of a month, YYYY-MM-01 (received "2026-11-15")'],
    ],
  ])('refuses %j, naming each problem', (argv, problems) => {
    expect(problemsOf(argv)).toEqual(problems);
  });

  it('refuses unknown options and stray words', () => {
    expect(problemsOf(['--sf', '1', '--org', '1', '--scale', '2'])[0]).toMatch(/Unknown option '--scale'/);
    expect(problemsOf(['--sf', '1', '--org', '1', 'now'])[0]).toMatch(/Unexpected argument 'now'/);
  });
});
