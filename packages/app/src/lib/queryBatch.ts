// The query API's questions, gathered into batches: every question asked in the same turn of the event
// loop (a dashboard's charts drawing at once, each with its comparison and sparkline) goes in one
// POST …/batch, and each question's promise settles as its NDJSON line arrives, so the first charts draw
// while the rest are still being answered. A question abandoned (its signal aborted) is settled at
// once; the request itself is abandoned when every question in it is.
import {
  ANALYTICS_PATHS,
  QUERY_BATCH_MAX,
  queryBatchLineSchema,
  queryDescriptionSchema,
  type QueryDescription,
  type QueryDescriptionInput,
  type QueryResult,
} from '@payportal/shared/analytics';
import { ApiError, apiResponse } from './apiClient.ts';
import { ndjsonLines } from './ndjsonLines.ts';

interface Asked {
  description: QueryDescription;
  resolve: (result: QueryResult) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
  settled: boolean;
}

let gathering: Asked[] = [];
let scheduled = false;

/** One question's answer, asked in the current batch. Checked with the shared schema first. */
export function batchedQuery(description: QueryDescriptionInput, signal?: AbortSignal): Promise<QueryResult> {
  const parsed = queryDescriptionSchema.parse(description);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    gathering.push({ description: parsed, resolve, reject, signal, settled: false });
    if (!scheduled) {
      scheduled = true;
      setTimeout(sendGathered, 0);
    }
  });
}

function sendGathered(): void {
  scheduled = false;
  const asked = gathering;
  gathering = [];
  for (let start = 0; start < asked.length; start += QUERY_BATCH_MAX)
    void send(asked.slice(start, start + QUERY_BATCH_MAX));
}

async function send(batch: Asked[]): Promise<void> {
  const request = new AbortController();
  const settle = (asked: Asked, outcome: () => void) => {
    if (asked.settled) return;
    asked.settled = true;
    outcome();
    if (batch.every((other) => other.settled)) request.abort();
  };
  for (const asked of batch)
    asked.signal?.addEventListener('abort', () => settle(asked, () => asked.reject(asked.signal!.reason)), {
      once: true,
    });
  try {
    const response = await apiResponse(ANALYTICS_PATHS.batch(), {
      method: 'POST',
      body: { queries: batch.map((asked) => asked.description) },
      signal: request.signal,
    });
    for await (const line of ndjsonLines(response, queryBatchLineSchema)) {
      const asked = batch[line.index];
      if (!asked)
        throw new ApiError(response.status, 'bad-response', 'The portal sent an answer this page could not read.');
      if ('result' in line) settle(asked, () => asked.resolve(line.result));
      else
        settle(asked, () =>
          asked.reject(
            new ApiError(line.status, line.error.code, line.error.message, line.retry_after_seconds ?? null),
          ),
        );
    }
    const unanswered = new ApiError(
      0,
      'network',
      'The portal could not be reached. Check your connection and try again.',
    );
    for (const asked of batch) settle(asked, () => asked.reject(unanswered));
  } catch (error) {
    if ((error as Error).name === 'AbortError' && batch.every((asked) => asked.settled)) return;
    const failure =
      error instanceof ApiError
        ? error
        : new ApiError(0, 'network', 'The portal could not be reached. Check your connection and try again.');
    for (const asked of batch) settle(asked, () => asked.reject(failure));
  }
}
