// Loads one chart's answers through the query API (runQuery), within the dashboard's concurrency
// limit. A new question (filters, drill, edit) aborts the older; `refresh` bumps every chart's key.
import type { QueryResult } from '@payportal/shared';
import { retryWhenBusy } from '../../lib/retryWhenBusy.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { runQuery } from '../query-builder/analyticsApi.ts';
import type { ChartQueries } from './chartQueries.ts';
import { limited } from './queryLimiter.ts';

export interface ChartAnswers {
  main: QueryResult;
  previous: QueryResult | null;
  /** The first day of data in the comparison period (no row: none). */
  coverage: QueryResult | null;
  spark: QueryResult | null;
  /** When the answers arrived (the card says "Data as of …"). */
  at: Date;
}

// A busy answer gives its slot back while it waits to ask again.
const ask = (query: ChartQueries['main'] | null, signal: AbortSignal) => (query ? retryWhenBusy(() => limited(() => runQuery(query, signal)), signal) : Promise.resolve(null));

export function useChartData(queries: ChartQueries | null, refreshKey: number, delayMs = 0) {
  const key = queries ? JSON.stringify([refreshKey, queries.main, queries.previous, queries.coverage, queries.spark]) : null;
  return useDebouncedRequest<ChartAnswers>(
    key,
    async (signal) => {
      const [main, previous, coverage, spark] = await Promise.all([ask(queries!.main, signal), ask(queries!.previous, signal), ask(queries!.coverage, signal), ask(queries!.spark, signal)]);
      return { main: main!, previous, coverage, spark, at: new Date() };
    },
    { delayMs, failure: 'This chart could not be loaded.' },
  );
}
