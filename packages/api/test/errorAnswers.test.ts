// Bad input per route, oversized bodies, unknown routes, headers and the OpenAPI document.
import { apiErrorBodySchema } from '@payportal/shared/errors';
import { EXPORT_PATHS } from '@payportal/shared/exports';
import { API_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { bearer, createTestApp } from './testApp.ts';
import { DATABASE_KINDS, openTestDatabase, POSTGRES_MISSING } from './testDatabase.ts';

const BAD_INPUT = [
  { name: 'GET user without an e-mail', method: 'GET', url: API_PATHS.users, field: 'email' },
  {
    name: 'GET user with a malformed e-mail',
    method: 'GET',
    url: `${API_PATHS.users}?email=not-an-address`,
    field: 'email',
    problem: 'must be a valid e-mail address',
  },
  {
    name: 'PUT user with a non-numeric id',
    method: 'PUT',
    url: '/api/auth/v1/user/abc',
    payload: { name: 'A' },
    field: 'id',
  },
  {
    name: 'PUT user with an empty name',
    method: 'PUT',
    url: API_PATHS.user(1),
    payload: { name: '  ' },
    field: 'name',
  },
  {
    name: 'PUT user with a malformed last_logged_in',
    method: 'PUT',
    url: API_PATHS.user(1),
    payload: { name: 'A', config: { last_logged_in: 'yesterday' } },
    field: 'config.last_logged_in',
  },
  { name: 'GET terms with a negative user_id', method: 'GET', url: `${API_PATHS.terms}?user_id=-4`, field: 'user_id' },
  {
    name: 'POST terms without acceptance_status',
    method: 'POST',
    url: API_PATHS.terms,
    payload: { user_id: 1, product_id: 2 },
    field: 'acceptance_status',
  },
  { name: 'GET user-role without user_id', method: 'GET', url: API_PATHS.userRoles, field: 'user_id' },
  { name: 'GET organization with a fractional id', method: 'GET', url: '/api/auth/v1/organization/1.5', field: 'id' },
  {
    name: 'POST an export definition without a name',
    method: 'POST',
    url: EXPORT_PATHS.definitions(),
    payload: { query: { measures: ['gsv'] } },
    field: 'name',
  },
  {
    name: 'POST an export definition with an unknown header',
    method: 'POST',
    url: EXPORT_PATHS.definitions(),
    payload: { name: 'A', query: { measures: ['gsv'] }, csv: { header: 'both' } },
    field: 'csv.header',
  },
  {
    name: 'POST an export run with a definition and a query',
    method: 'POST',
    url: EXPORT_PATHS.jobs(),
    payload: { definition_id: 1, query: { measures: ['gsv'] } },
    field: 'definition_id',
  },
  { name: 'GET an export job with a non-numeric id', method: 'GET', url: '/api/exports/v1/jobs/abc', field: 'jobId' },
  {
    name: 'GET a download with a malformed ticket',
    method: 'GET',
    url: '/api/exports/v1/downloads/short',
    field: 'ticket',
    problem: 'must be a download ticket',
  },
] as const;

describe.each(DATABASE_KINDS)('error answers on %s', (kind) => {
  let db: Database | null;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    if (db) app = await createTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.for(BAD_INPUT)('$name: 400 naming the field and the problem', async (bad, context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await app.inject({
      method: bad.method,
      url: bad.url,
      headers: bearer(await idTokenFor('seed-analyst')),
      ...('payload' in bad && { payload: bad.payload }),
    });
    expect(response.statusCode).toBe(400);
    const { error } = apiErrorBodySchema.parse(response.json());
    expect(error.code).toBe('api/bad-request');
    expect(error.issues?.map((issue) => issue.field)).toContain(bad.field);
    if ('problem' in bad) expect(error.issues).toContainEqual({ field: bad.field, problem: bad.problem });
    expect(response.body).not.toMatch(/\n\s+at |node_modules/);
  });

  it('answers a body that is not JSON with 400 and a body over 64 KiB with 413', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const headers = { ...bearer(await idTokenFor('seed-analyst')), 'content-type': 'application/json' };
    const broken = await app.inject({ method: 'POST', url: API_PATHS.terms, headers, payload: '{"user_id": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({
      code: 'api/bad-request',
      issues: [{ field: 'body', problem: 'must be valid JSON' }],
    });
    const huge = await app.inject({
      method: 'POST',
      url: API_PATHS.terms,
      headers,
      payload: JSON.stringify({ padding: 'x'.repeat(70_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('api/payload-too-large');
  });

  it('answers an unknown route with 404 in the same error shape', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const response = await app.inject({ method: 'DELETE', url: '/api/auth/v1/user/1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'api/not-found', message: 'No route DELETE /api/auth/v1/user/1.' },
    });
  });

  it('sends security headers on every answer and no CORS permission to another origin', async (context) => {
    if (!db) return context.skip(POSTGRES_MISSING);
    const answers = [
      await app.inject({
        method: 'GET',
        url: `${API_PATHS.users}?email=analyst@acme.example`,
        headers: { ...bearer(await idTokenFor('seed-analyst')), origin: 'https://evil.example' },
      }),
      await app.inject({ method: 'GET', url: API_PATHS.roles }),
      await app.inject({
        method: 'OPTIONS',
        url: API_PATHS.roles,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('OpenAPI document', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is served at /api/openapi.json with every portal route, its parameters and bearer security', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/alerts/v1/alerts/',
      '/api/alerts/v1/alerts/{alertId}',
      '/api/alerts/v1/alerts/{alertId}/firings',
      '/api/alerts/v1/evaluate',
      '/api/alerts/v1/recipients',
      '/api/alerts/v1/subscriptions/',
      '/api/alerts/v1/subscriptions/{subscriptionId}',
      '/api/alerts/v1/subscriptions/{subscriptionId}/send',
      '/api/analytics/v1/batch',
      '/api/analytics/v1/catalogue',
      '/api/analytics/v1/query',
      '/api/analytics/v1/values/{dimension}',
      '/api/auth/v1/authenticate/',
      '/api/auth/v1/impersonation/',
      '/api/auth/v1/invites/accept',
      '/api/auth/v1/organization/{id}',
      '/api/auth/v1/organization/{orgId}/partners/',
      '/api/auth/v1/organization/{orgId}/partners/audit',
      '/api/auth/v1/organization/{orgId}/partners/{partnerId}/keys',
      '/api/auth/v1/organization/{orgId}/partners/{partnerId}/keys/{kid}',
      '/api/auth/v1/organization/{orgId}/partners/{partnerId}/revoke',
      '/api/auth/v1/organization/{orgId}/portfolio',
      '/api/auth/v1/organization/{orgId}/user-changes/',
      '/api/auth/v1/organization/{orgId}/users/',
      '/api/auth/v1/organization/{orgId}/users/{userId}/active',
      '/api/auth/v1/organization/{orgId}/users/{userId}/invite-link',
      '/api/auth/v1/organization/{orgId}/users/{userId}/name',
      '/api/auth/v1/organization/{orgId}/users/{userId}/partner',
      '/api/auth/v1/organization/{orgId}/users/{userId}/roles',
      '/api/auth/v1/organization/{orgId}/users/{userId}/scope',
      '/api/auth/v1/organization/{orgId}/users/{userId}/second-factors',
      '/api/auth/v1/organization/{orgId}/users/{userId}/sign-in-method',
      '/api/auth/v1/partner-sessions/',
      '/api/auth/v1/role/',
      '/api/auth/v1/scope',
      '/api/auth/v1/termsandconditions/',
      '/api/auth/v1/user-role/',
      '/api/auth/v1/user/',
      '/api/auth/v1/user/{id}',
      '/api/dashboards/v1/dashboards/',
      '/api/dashboards/v1/dashboards/{dashboardId}',
      '/api/dashboards/v1/dashboards/{dashboardId}/archive',
      '/api/dashboards/v1/dashboards/{dashboardId}/charts/',
      '/api/dashboards/v1/dashboards/{dashboardId}/charts/{chartId}',
      '/api/dashboards/v1/dashboards/{dashboardId}/charts/{chartId}/copy',
      '/api/disputes/v1/disputes/{chargebackId}',
      '/api/disputes/v1/disputes/{chargebackId}/accept',
      '/api/disputes/v1/disputes/{chargebackId}/assign',
      '/api/disputes/v1/disputes/{chargebackId}/evidence',
      '/api/disputes/v1/disputes/{chargebackId}/evidence/{evidenceId}',
      '/api/disputes/v1/disputes/{chargebackId}/notes',
      '/api/disputes/v1/disputes/{chargebackId}/represent',
      '/api/disputes/v1/queue',
      '/api/disputes/v1/queue/export',
      '/api/documents/v1/documents/',
      '/api/documents/v1/documents/{documentId}',
      '/api/documents/v1/documents/{documentId}/content',
      '/api/documents/v1/documents/{documentId}/download-ticket',
      '/api/documents/v1/downloads/{ticket}',
      '/api/documents/v1/generated/',
      '/api/exports/v1/definitions/',
      '/api/exports/v1/definitions/{definitionId}',
      '/api/exports/v1/downloads/{ticket}',
      '/api/exports/v1/estimate',
      '/api/exports/v1/jobs/',
      '/api/exports/v1/jobs/{jobId}',
      '/api/exports/v1/jobs/{jobId}/cancel',
      '/api/exports/v1/jobs/{jobId}/download-ticket',
      '/api/exports/v1/limits',
      '/api/merchants/v1/merchants/{merchantId}',
      '/api/merchants/v1/merchants/{merchantId}/cases/',
      '/api/merchants/v1/merchants/{merchantId}/cases/{caseId}/close',
      '/api/merchants/v1/merchants/{merchantId}/cases/{caseId}/notes/',
      '/api/merchants/v1/merchants/{merchantId}/sections',
      '/api/merchants/v1/merchants/{merchantId}/sections/{section}',
      '/api/merchants/v1/merchants/{merchantId}/signals',
      '/api/merchants/v1/search',
      '/api/merchants/v1/watchlist',
      '/api/optimizer/v1/defaults',
      '/api/optimizer/v1/leakage',
      '/api/optimizer/v1/pnl',
      '/api/optimizer/v1/pnl/export',
      '/api/optimizer/v1/regulatory',
      '/api/optimizer/v1/scenarios/',
      '/api/optimizer/v1/scenarios/{scenarioId}',
      '/api/optimizer/v1/scenarios/{scenarioId}/merchants.csv',
      '/api/optimizer/v1/simulate',
      '/api/optimizer/v1/simulate/payouts',
      '/api/residuals/v1/runs',
      '/api/residuals/v1/runs/{month}/changes',
      '/api/residuals/v1/setup',
      '/api/residuals/v1/statements',
      '/api/residuals/v1/statements/{node}/csv',
      '/api/residuals/v1/statements/{node}/merchants',
      '/api/residuals/v1/statements/{node}/pdf',
      '/api/uploads/v1/uploads/',
      '/api/uploads/v1/uploads/{uploadId}',
      '/api/uploads/v1/uploads/{uploadId}/rejects',
      '/api/uploads/v1/uploads/{uploadId}/rejects.csv',
      '/api/uploads/v1/uploads/{uploadId}/rollback',
    ]);
    expect(document.paths['/api/auth/v1/user/'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'email', in: 'query', required: true }),
    );
    expect(document.paths['/api/auth/v1/authenticate/'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
