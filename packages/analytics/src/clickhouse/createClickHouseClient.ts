// How the analytics package opens ClickHouse: one place for the client options every caller needs.
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';

export interface ClickHouseClientOptions {
  /** The server's HTTP interface, e.g. `http://127.0.0.1:8123` (`CLICKHOUSE_URL`). */
  url: string;
  /** The database unqualified table names resolve in; `default` when absent. */
  database?: string;
}

export function createClickHouseClient({ url, database }: ClickHouseClientOptions): ClickHouseClient {
  return createClient({
    url,
    ...(database !== undefined && { database }),
    // Every failure already reaches the caller as a rejected promise; the client's own logger would
    // print it to the console a second time (and print the query text with it).
    log: { level: ClickHouseLogLevel.OFF },
  });
}
