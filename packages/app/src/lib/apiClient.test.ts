// The bearer each call carries: the signed-in person's ID token, or, while
// impersonating, an impersonation token exchanged for it; never an ID token with Impersonate-User.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { API_PATHS } from '@payportal/shared/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setImpersonatedEmail, whenSessionEnds } from './apiClient.ts';
import { impersonationAccess } from './impersonationAccess.ts';
import { setTokenSource } from './tokenSource.ts';

interface Sent {
  path: string;
  authorization: string | undefined;
  impersonate: string | undefined;
}

let sent: Sent[];
let issued: number;
/** Answers of the API under test, in the order calls reach it; the exchange is answered by itself. */
let answers: Response[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  issued = 0;
  answers = [];
  const idTokens = vi.fn(async (forceRefresh?: boolean) => (forceRefresh ? 'id-token-refreshed' : 'id-token'));
  setTokenSource({ getToken: idTokens });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ path, authorization: headers.authorization, impersonate: headers['Impersonate-User'] });
      if (path === API_PATHS.impersonation) {
        return json(201, {
          token: `imp_${++issued}`,
          expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
          read_only: true,
        });
      }
      return answers.shift() ?? new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  whenSessionEnds(null);
  setImpersonatedEmail(null);
  setTokenSource(null);
  vi.unstubAllGlobals();
});

describe('apiRequest bearer tokens', () => {
  it('sends the ID token and no Impersonate-User when not impersonating', async () => {
    await apiRequest(API_PATHS.roles);
    expect(sent).toEqual([{ path: API_PATHS.roles, authorization: 'Bearer id-token', impersonate: undefined }]);
  });

  it('while impersonating, exchanges the ID token first (without the header) and sends only the impersonation token with Impersonate-User', async () => {
    setImpersonatedEmail('owner@acme.example');
    await apiRequest(API_PATHS.authenticate, { method: 'POST' });
    await apiRequest(API_PATHS.roles);
    expect(sent).toEqual([
      { path: API_PATHS.impersonation, authorization: 'Bearer id-token', impersonate: undefined },
      { path: API_PATHS.authenticate, authorization: 'Bearer imp_1', impersonate: 'owner@acme.example' },
      { path: API_PATHS.roles, authorization: 'Bearer imp_1', impersonate: 'owner@acme.example' },
    ]);
    expect(sent.filter((call) => call.impersonate).every((call) => call.authorization?.startsWith('Bearer imp_'))).toBe(
      true,
    );
  });

  it('exchanges again on api/impersonation-expired and repeats the call with the new token', async () => {
    setImpersonatedEmail('owner@acme.example');
    await apiRequest(API_PATHS.roles);
    answers.push(json(401, { error: { code: API_ERROR_CODES.impersonationExpired, message: 'expired' } }));
    await apiRequest(API_PATHS.roles);
    expect(sent.slice(2).map((call) => [call.path, call.authorization])).toEqual([
      [API_PATHS.roles, 'Bearer imp_1'],
      [API_PATHS.impersonation, 'Bearer id-token'],
      [API_PATHS.roles, 'Bearer imp_2'],
    ]);
  });

  it('drops the impersonation token when impersonation ends, and a new impersonation exchanges anew', async () => {
    setImpersonatedEmail('owner@acme.example');
    await apiRequest(API_PATHS.roles);
    setImpersonatedEmail(null);
    await apiRequest(API_PATHS.roles);
    setImpersonatedEmail('analyst@acme.example');
    await apiRequest(API_PATHS.roles);
    expect(sent.slice(2)).toEqual([
      { path: API_PATHS.roles, authorization: 'Bearer id-token', impersonate: undefined },
      { path: API_PATHS.impersonation, authorization: 'Bearer id-token', impersonate: undefined },
      { path: API_PATHS.roles, authorization: 'Bearer imp_2', impersonate: 'analyst@acme.example' },
    ]);
  });

  it('records whether the impersonation is read-only from the exchange, and forgets it when impersonation ends', async () => {
    setImpersonatedEmail('owner@acme.example');
    expect(impersonationAccess.readOnly).toBeNull();
    await apiRequest(API_PATHS.roles);
    expect(impersonationAccess.readOnly).toBe(true);
    setImpersonatedEmail(null);
    expect(impersonationAccess.readOnly).toBeNull();
  });

  it('reports a refused exchange with the API’s code, not as a lost connection', async () => {
    vi.mocked(fetch).mockImplementationOnce(async () =>
      json(403, {
        error: { code: API_ERROR_CODES.impersonationForbidden, message: 'Only support staff may act as another user.' },
      }),
    );
    setImpersonatedEmail('owner@acme.example');
    await expect(apiRequest(API_PATHS.roles)).rejects.toMatchObject({
      status: 403,
      code: API_ERROR_CODES.impersonationForbidden,
    });
  });
});

describe('apiRequest cancellation', () => {
  it('hands the caller’s AbortSignal to fetch and rejects an aborted call with AbortError, not as a lost connection', async () => {
    vi.mocked(fetch).mockImplementationOnce(
      (_path, init) =>
        new Promise((_resolve, reject) => {
          // Like fetch: an already aborted signal rejects at once, a later abort when it comes.
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init?.signal?.aborted) abort();
          init?.signal?.addEventListener('abort', abort);
        }),
    );
    const controller = new AbortController();
    const call = apiRequest(API_PATHS.roles, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a refusal that ends the session (PROTOCOL.md M7)', () => {
  const refusal = (code: string) => json(403, { error: { code, message: `refused: ${code}` } });

  it('[M7] tells the listener once per call refused partner/revoked or disabled, never for other refusals or the sign-in itself', async () => {
    const heard: string[] = [];
    whenSessionEnds((error) => heard.push(`${error.code}: ${error.message}`));
    answers = [
      refusal(API_ERROR_CODES.partnerRevoked),
      refusal(API_ERROR_CODES.forbidden),
      refusal(API_ERROR_CODES.disabled),
      refusal(API_ERROR_CODES.partnerRevoked),
    ];
    await expect(apiRequest('/api/dashboards/v1/dashboards')).rejects.toBeInstanceOf(ApiError);
    await expect(apiRequest('/api/dashboards/v1/dashboards')).rejects.toMatchObject({ code: 'api/forbidden' });
    await expect(apiRequest('/api/uploads/v1/uploads')).rejects.toMatchObject({ code: 'disabled' });
    // authenticate's refusals are the sign-in's to report (signInFramed), not an ended session.
    await expect(apiRequest(API_PATHS.authenticate, { method: 'POST' })).rejects.toMatchObject({
      code: 'partner/revoked',
    });
    expect(heard).toEqual(['partner/revoked: refused: partner/revoked', 'disabled: refused: disabled']);
  });
});
