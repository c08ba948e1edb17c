// Component tests answer the API at the fetch boundary (the browser test drives the real API): each
// route is a function of the request, and every request is kept so a test can assert what was sent.
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Handler = (request: SentRequest) => { status?: number; body?: unknown };

export function answerApi(routes: Record<string, Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://portal.test');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const answer = handler ? handler(request) : { status: 404, body: { error: { code: 'api/not-found', message: 'No route' } } };
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

export const managedUser = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  email: `user${id}@acme.example`,
  name: `User ${id}`,
  is_active: true,
  roles: ['query'],
  signed_up: true,
  last_sign_in: '2026-11-20T10:00:00.000Z',
  second_factor_enrolled: true,
  email_verified: true,
  sign_in_method: 'standalone',
  ...overrides,
});
