// The analytics engine's own failures as the API answers them (the error handler's one table).
import { AnalyticsShardUnavailableError, AnalyticsTimeoutError } from '@payportal/analytics';
import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toApiError } from './errorHandler.ts';

const answer = (error: Error) => {
  const { statusCode, code, message } = toApiError(error as FastifyError);
  return { statusCode, code, message };
};

describe('toApiError', () => {
  it('answers a ClickHouse shard that is down with 503 analytics/shard-unavailable, naming the shard', () => {
    expect(answer(new AnalyticsShardUnavailableError(2, '10.0.0.12:9000'))).toEqual({
      statusCode: 503,
      code: 'analytics/shard-unavailable',
      message: 'Analytics shard 2 (10.0.0.12:9000) is not answering; no partial answer is given.',
    });
  });

  it('answers a query past its limit with 504 analytics/timeout', () => {
    expect(answer(new AnalyticsTimeoutError(15_000))).toMatchObject({ statusCode: 504, code: 'analytics/timeout' });
  });
});
