import { describe, expect, it } from 'vitest';
import { UsageError } from '../generator/generateCliArgs.ts';
import { parseCopyArgs } from './copyCliArgs.ts';

const problemsOf = (argv: string[], env: Record<string, string> = {}) => {
  try {
    parseCopyArgs(argv, env);
  } catch (error) {
    if (error instanceof UsageError) return error.problems;
    throw error;
  }
  throw new Error('expected a UsageError');
};

describe('parseCopyArgs', () => {
  it("takes CLICKHOUSE_URL and the API's DuckDB file by default, every organisation, database default", () => {
    expect(parseCopyArgs([], { CLICKHOUSE_URL: 'http://127.0.0.1:8123', DATA_DIR: '/srv/data' })).toEqual({
      url: 'http://127.0.0.1:8123',
      shardUrls: [],
      database: 'default',
      orgIds: [],
      file: '/srv/data/analytics.duckdb',
    });
  });

  it('takes organisations (repeated), a database and a file', () => {
    expect(
      parseCopyArgs(
        [
          '--url',
          'http://ch:8123',
          '--org',
          '3',
          '--org',
          '12',
          '--org',
          '3',
          '--database',
          'analytics',
          '--file',
          'x.duckdb',
        ],
        {},
      ),
    ).toEqual({ url: 'http://ch:8123', shardUrls: [], database: 'analytics', orgIds: [3, 12], file: 'x.duckdb' });
  });

  it('takes a cluster’s shards in order, the first being --url', () => {
    const shards = ['--url', 'http://a:8123', '--shard', 'http://a:8123', '--shard', 'http://b:8123'];
    expect(parseCopyArgs(shards, {})).toMatchObject({ shardUrls: ['http://a:8123', 'http://b:8123'] });
    expect(
      parseCopyArgs(['--url', 'http://a:8123'], { CLICKHOUSE_SHARD_URLS: 'http://a:8123,http://b:8123' }),
    ).toMatchObject({
      shardUrls: ['http://a:8123', 'http://b:8123'],
    });
    expect(problemsOf(['--url', 'http://a:8123', '--shard', 'http://b:8123'])).toEqual([
      '--shard must begin with --url (http://a:8123), the shard queries are sent to (received "http://b:8123")',
    ]);
  });

  it.each([
    [[], ['--url is required']],
    [['--url', 'ftp://ch'], ['--url must be an http(s) URL such as http://127.0.0.1:8123 (received "ftp://ch")']],
    [['--url', 'http://ch', '--org', '1.5'], ['--org must be a whole number (received ["1.5"])']],
    [
      ['--url', 'http://ch', '--database', 'a; drop'],
      ['--database must be a plain identifier (letters, digits, _) (received "a; drop")'],
    ],
  ])('refuses %j', (argv, problems) => {
    expect(problemsOf(argv)).toEqual(problems);
  });

  it('answers help', () => {
    expect(parseCopyArgs(['-h'], {})).toBe('help');
  });
});
