// How the analytics package opens ClickHouse: one place for the client options every caller needs.
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';

export interface ClickHouseClientOptions {
  /** The server's HTTP interface, e.g. `http://127.0.0.1:8123` (`CLICKHOUSE_URL`). */
  url: string;
  /** The database unqualified table names resolve in; `default` when absent. */
  database?: string;
  /**
   * How long the client waits on one request before giving up (default 10 minutes). Time limits on
   * queries are the server's (max_execution_time) and the engine's KILL QUERY, never this: 18.16 does
   * not stop a query whose HTTP client went away, so a client-side abort would leave it running.
   */
  requestTimeoutMs?: number;
}

export function createClickHouseClient({
  url,
  database,
  requestTimeoutMs = 600_000,
}: ClickHouseClientOptions): ClickHouseClient {
  return createClient({
    url,
    ...(database !== undefined && { database }),
    request_timeout: requestTimeoutMs,
    // 18.16 closes a kept-alive connection after 3 s idle; a socket idle longer (the event loop held up
    // on a loaded machine) is dropped before use rather than failing a request with "socket hang up".
    keep_alive: { eagerly_destroy_stale_sockets: true },
    // Every failure already reaches the caller as a rejected promise; the client's own logger would
    // print it to the console a second time (and print the query text with it).
    log: { level: ClickHouseLogLevel.OFF },
  });
}
