// Running one compiled statement on ClickHouse 18.16 with a time limit that stops it on the server.
//
// 18.16 reads max_execution_time in whole seconds (a fraction reads as 0, which means "no limit") and
// keeps running a query whose HTTP client has gone away. So each statement gets its own query_id and
// two limits: at the caller's deadline the engine sends `KILL QUERY` for that id (again every 50 ms,
// since a kill that arrives before the query is registered finds nothing), and max_execution_time,
// rounded up to whole seconds, lets the server stop it by itself should the API process be gone.
// Either way the caller gets AnalyticsTimeoutError and the server is free at once.
import { randomUUID } from 'node:crypto';
import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client';
import { AnalyticsTimeoutError } from '../engine.ts';
import { clickhouseString } from './clickhouseLiteral.ts';

export interface RunOptions {
  /** Stop the statement on the server after this long and throw AnalyticsTimeoutError. */
  timeoutMs?: number;
  /** false: leave it to max_execution_time alone (tests of the server's own limit). */
  killAtDeadline?: boolean;
  /** Aborting kills the statement on the server and rejects with the signal's reason (an export's stop). */
  signal?: AbortSignal;
}

/**
 * Settings of every statement. Values are literals in the text (no server-side parameters in 18.16),
 * so the default max_query_size of 256 KiB would refuse an `in` filter of a few thousand values; the
 * API's body limit keeps a description far below this one. On a cluster (no effect on one server): a
 * JOIN or IN whose subquery reads a Distributed table while the query reads one too runs that subquery
 * once on the initiator and sends its rows to every shard (GLOBAL), always right whatever the join's key;
 * a subquery of full-copy tables (merchant_dim) runs on each shard against its own copy. A shard that
 * does not answer fails the statement: never a smaller answer from the others.
 */
const STATEMENT_SETTINGS: ClickHouseSettings = {
  max_query_size: String(64 * 1024 * 1024),
  distributed_product_mode: 'global',
  skip_unavailable_shards: 0,
};

/** ClickHouse's TIMEOUT_EXCEEDED (max_execution_time) and QUERY_WAS_CANCELLED (KILL QUERY). */
const TIMEOUT_EXCEEDED = /\bCode: 159\b/;
const QUERY_WAS_CANCELLED = /\bCode: 394\b/;
const KILL_EVERY_MS = 50;

/** Every row of a small answer, as arrays in column order. */
export async function queryRows(client: ClickHouseClient, sql: string, options: RunOptions = {}): Promise<unknown[][]> {
  return withDeadline(client, options, async (queryId, settings) => {
    // wait_end_of_query: the server sends nothing before the statement has finished, so a failure
    // (a timeout among them) arrives as an HTTP error, never as text after half an answer.
    const result = await client.query({
      query: sql,
      format: 'JSONCompact',
      query_id: queryId,
      clickhouse_settings: { ...settings, wait_end_of_query: 1 },
    });
    return (await result.json<unknown[]>()).data;
  });
}

/**
 * Streams an answer of any size in pages, each row an object by column name (18.16 has no
 * JSONCompactEachRow). Resolves with the row count. When `onRows` throws, the statement is killed.
 */
export async function streamRows(
  client: ClickHouseClient,
  sql: string,
  onRows: (rows: Record<string, unknown>[]) => Promise<void> | void,
  options: RunOptions = {},
): Promise<number> {
  return withDeadline(client, options, async (queryId, settings) => {
    const result = await client.query({
      query: sql,
      format: 'JSONEachRow',
      query_id: queryId,
      clickhouse_settings: settings,
      ...(options.signal && { abort_signal: options.signal }),
    });
    const stream = result.stream<Record<string, unknown>>();
    let count = 0;
    try {
      for await (const batch of stream) {
        const rows = (batch as { text: string; json<T>(): T }[]).map(parseRow);
        count += rows.length;
        await onRows(rows);
      }
      return count;
    } catch (error) {
      stream.destroy();
      await killQuery(client, queryId);
      throw error;
    }
  });
}

/** Kills the statement with this query_id, if it still runs; never throws. */
async function killQuery(client: ClickHouseClient, queryId: string): Promise<void> {
  await client
    .command({ query: `kill query where query_id = ${clickhouseString(queryId)} async` })
    .catch(() => undefined);
}

// 18.16 reports a failure after the first rows as text in the body, where the next row would be.
function parseRow(row: { text: string; json<T>(): T }): Record<string, unknown> {
  try {
    return row.json<Record<string, unknown>>();
  } catch {
    const failure = /Code: \d+, e\.displayText\(\) = .*/.exec(row.text);
    throw new Error(failure ? failure[0] : `ClickHouse sent a row that is not JSON: ${row.text.slice(0, 200)}`);
  }
}

async function withDeadline<T>(
  client: ClickHouseClient,
  options: RunOptions,
  run: (queryId: string, settings: ClickHouseSettings) => Promise<T>,
): Promise<T> {
  const { timeoutMs, signal } = options;
  signal?.throwIfAborted();
  const queryId = `analytics-${randomUUID()}`;
  const settings: ClickHouseSettings = {
    ...STATEMENT_SETTINGS,
    ...(timeoutMs ? { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) } : {}),
  };
  let deadlinePassed = false;
  let repeat: NodeJS.Timeout | undefined;
  const timer =
    timeoutMs && options.killAtDeadline !== false
      ? setTimeout(() => {
          deadlinePassed = true;
          void killQuery(client, queryId);
          repeat = setInterval(() => void killQuery(client, queryId), KILL_EVERY_MS);
        }, timeoutMs)
      : undefined;
  // 18.16 goes on with a statement whose client has gone away: a stop kills it as the deadline does.
  const stop = () => void killQuery(client, queryId);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await run(queryId, settings);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const message = error instanceof Error ? error.message : '';
    if (timeoutMs && (TIMEOUT_EXCEEDED.test(message) || (deadlinePassed && QUERY_WAS_CANCELLED.test(message)))) {
      // The server's own words stay as the cause: which of the two limits stopped the statement.
      throw Object.assign(new AnalyticsTimeoutError(timeoutMs), { cause: error });
    }
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    clearTimeout(timer);
    clearInterval(repeat);
  }
}
