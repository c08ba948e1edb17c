// Charts load in parallel, but at most this many queries at a time (issue #14 item 5): the API's
// DuckDB pool has 4 connections, and a dashboard of 20 charts must not queue 60 requests at once.
export const CHART_QUERY_CONCURRENCY = 4;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when a slot is free; the slot is given back however it ends. */
export async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= CHART_QUERY_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
