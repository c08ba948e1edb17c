// Component tests answer the API at the fetch boundary (the browser test drives the real API): each
// route is a function of the request, and every request is kept so a test can assert what was sent.
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  /** JSON bodies parsed; a file (Blob) as it was sent. */
  body: unknown;
  contentType: string | null;
  /** The request's AbortSignal: a test can tell a superseded request was cancelled. */
  signal: AbortSignal | undefined;
}

export interface Answer {
  status?: number;
  body?: unknown;
  /** An NDJSON answer read as it arrives: each line as the test enqueues it. */
  lines?: ReadableStream<Uint8Array>;
}
/** An answer, or a promise of one for a test that holds the API back (a slow query, a superseded search). */
type Handler = (request: SentRequest) => Answer | Promise<Answer>;

export function answerApi(routes: Record<string, Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const aborted = () => new DOMException('The request was aborted.', 'AbortError');
    if (init.signal?.aborted) throw aborted();
    const url = new URL(input, 'http://portal.test');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
      contentType: new Headers(init.headers).get('content-type'),
      signal: init.signal ?? undefined,
    };
    sent.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const answered = handler
      ? Promise.resolve(handler(request))
      : Promise.resolve({ status: 404, body: { error: { code: 'api/not-found', message: 'No route' } } });
    // Like fetch: an abort while the answer is on its way rejects with AbortError.
    const answer = await new Promise<Answer>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(aborted()));
      answered.then(resolve, reject);
    });
    if (answer.lines)
      return new Response(answer.lines, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}
