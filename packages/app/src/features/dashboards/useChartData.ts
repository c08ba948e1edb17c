// Loads one chart's answers through the query API's batch route (batchedQuery), together with every
// other chart's. A new question (filters, drill, edit) aborts the older; `refresh` bumps every chart's key.
import type { QueryResult } from '@payportal/shared/analytics';
import { batchedQuery } from '../../lib/queryBatch.ts';
import { retryWhenBusy } from '../../lib/retryWhenBusy.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import type { ChartQueries } from './chartQueries.ts';

export interface ChartAnswers {
  main: QueryResult;
  previous: QueryResult | null;
  /** The first day of data in a KPI's comparison period or a chart's range (ChartQueries.coverage; no row: none). */
  coverage: QueryResult | null;
  spark: QueryResult | null;
  /** When the answers arrived (the card says "Data as of …"). */
  at: Date;
}

// Every chart's questions go in one batch; one refused as busy is asked again after its Retry-After.
const ask = (query: ChartQueries['main'] | null, signal: AbortSignal) =>
  query ? retryWhenBusy(() => batchedQuery(query, signal), signal) : Promise.resolve(null);

export function useChartData(queries: ChartQueries | null, refreshKey: number, delayMs = 0) {
  const key = queries
    ? JSON.stringify([refreshKey, queries.main, queries.previous, queries.coverage, queries.spark])
    : null;
  return useDebouncedRequest<ChartAnswers>(
    key,
    async (signal) => {
      const [main, previous, coverage, spark] = await Promise.all([
        ask(queries!.main, signal),
        ask(queries!.previous, signal),
        ask(queries!.coverage, signal),
        ask(queries!.spark, signal),
      ]);
      return { main: main!, previous, coverage, spark, at: new Date() };
    },
    { delayMs, failure: 'This chart could not be loaded.' },
  );
}
