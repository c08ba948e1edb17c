// Charts load in parallel, but at most this many queries at a time: a browser
// opens 6 connections to one host over HTTP/1.1, so a 7th request would wait in the browser anyway,
// and a dashboard of 20 charts must not hold every connection while the user clicks elsewhere. The
// API's DuckDB pool (4 connections) queues the rest on the server, which answers faster than 4 waves
// of round trips would (bench:dashboard: 16 queries, last answer 480 ms after the first at 4).
export const CHART_QUERY_CONCURRENCY = 6;

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
