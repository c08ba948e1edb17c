// No route can be registered without saying who may call it, and every protected
// route, walked from the app's own list, refuses a caller without a token (401) and, when it names
// roles, a signed-in user holding none of them (403), before any of its own code runs.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ROLE_NAMES } from '@payportal/shared/identity';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type DeclaredRoute } from '../src/auth/routeAccess.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demoAccounts.ts';
import { createAppBuild } from './appBuild.ts';
import { idTokenFor } from './emulatorTokens.ts';
import { impersonationHeaders } from './impersonation.ts';
import { bearer, createTestApp } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

/** The routes anyone may call; a new one has to be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /healthz',
  'HEAD /healthz',
  'GET /api/openapi.json',
  'HEAD /api/openapi.json',
  'HEAD,GET /assets/*',
  'GET /dev/inbox',
  'HEAD /dev/inbox',
  // Development only, like the inbox: a mail the local SMTP server received and its files.
  'GET /dev/inbox/mail/:id',
  'HEAD /dev/inbox/mail/:id',
  'GET /dev/inbox/mail/:id/:file',
  'HEAD /dev/inbox/mail/:id/:file',
  // The ticket in its path is the authorisation (a browser download sends no bearer token): exportAccess.test.ts.
  'GET /api/exports/v1/downloads/:ticket',
  'GET /api/documents/v1/downloads/:ticket',
  // The partner's signed session token is the credential (partnerSessions.test.ts).
  'POST /api/auth/v1/partner-sessions/',
];

/** The routes whose caller need not have a portal user; a new one has to be added here on purpose. */
const IDENTITY_ROUTES = ['POST /api/auth/v1/invites/accept'];

/** A request for the route with every path parameter filled; the answer must come before validation. */
const requestFor = (route: DeclaredRoute) => ({
  method: route.method.split(',')[0] as HTTPMethods,
  url: route.url.replace(/:\w+/g, '1').replace('*', 'x'),
});

/** A seeded, active, verified account that holds none of `roles`: one with other roles, or (for a route every role may call) one with none. */
const uidWithout = (roles: readonly string[]) => {
  const usable = DEMO_ACCOUNTS.filter(
    (account) =>
      account.active !== false &&
      account.emailVerified !== false &&
      !account.identityDisabled &&
      !account.roles.some((role) => roles.includes(role)),
  );
  return (usable.find((account) => account.roles.length > 0) ?? usable[0]!).uid;
};

describe('route access declarations', () => {
  let db: Database;
  let app: FastifyInstance;
  let build: ReturnType<typeof createAppBuild>;

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    // a build of the app, so that its static asset routes are registered and walked as well
    build = createAppBuild();
    app = await createTestApp(db, { APP_DIST: build.dir });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    build?.remove();
  });

  it('refuses to register a route that does not declare its access', async () => {
    const bare = await createTestApp(db);
    try {
      expect(() => bare.get('/api/forgotten', () => 'open')).toThrow(/GET \/api\/forgotten declares no config.access/);
      expect(() => bare.post('/api/declared', { config: { access: { who: 'public' } } }, () => 'open')).not.toThrow();
    } finally {
      await bare.close();
    }
  });

  it('refuses support staff acting as another user on a route that does not allow impersonation', async () => {
    const bare = await createTestApp(db);
    try {
      bare.get('/api/own-only', { config: { access: signedIn('read', { impersonation: false }) } }, () => ({
        ok: true,
      }));
      bare.get('/api/as-user', { config: { access: signedIn('read', { impersonation: true }) } }, () => ({ ok: true }));
      const headers = await impersonationHeaders(bare, 'seed-support', 'analyst@acme.example');
      const refused = await bare.inject({ url: '/api/own-only', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe(API_ERROR_CODES.impersonationForbidden);
      expect((await bare.inject({ url: '/api/as-user', headers })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('knows every route, and only the expected ones are public', () => {
    const routes = app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(20);
    expect(
      routes
        .filter((route) => route.access.who === 'public')
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
    expect(
      routes.filter((route) => route.access.who === 'identity').map((route) => `${route.method} ${route.url}`),
    ).toEqual(IDENTITY_ROUTES);
  });

  it('declares the roles each family of routes needs', () => {
    for (const route of app.declaredRoutes) {
      if (route.url.startsWith('/api/analytics/')) expect(route.access.who, route.url).toEqual(['query']);
      // Exports: the builder's routes are the query role's; following one's own runs (the list, a run, cancel,
      // its download ticket, the limits) is open to revenue_optimizer too, who export the merchant P&L, and
      // to disputes users and org owners, who export the dispute queue as its readers do, and to residuals
      // admins, who export a residual statement.
      if (route.url.startsWith('/api/exports/') && route.access.who !== 'public') {
        const followsRuns =
          (route.url.startsWith('/api/exports/v1/jobs/') &&
            !(route.method === 'POST' && route.url === '/api/exports/v1/jobs/')) ||
          route.url === '/api/exports/v1/limits';
        expect(route.access.who, `${route.method} ${route.url}`).toEqual(
          followsRuns ? ['query', 'revenue_optimizer', 'disputes', 'org_owner', 'residuals_admin'] : ['query'],
        );
      }
      if (route.url === '/api/disputes/v1/queue/export')
        expect(route.access.who, route.url).toEqual(['query', 'disputes', 'org_owner']);
      if (route.url.startsWith('/api/auth/v1/organization/:orgId/'))
        expect(route.access.who, route.url).toEqual(['org_owner']);
      // Documents: every role reads (general guard); org owners and upload admins upload; org owners delete and generate.
      if (route.url.startsWith('/api/documents/') && route.access.who !== 'public') {
        const who =
          ['GET', 'HEAD'].includes(route.method) || route.url.endsWith('/download-ticket')
            ? [...ROLE_NAMES]
            : route.method === 'POST' && route.url.endsWith('/documents/')
              ? ['org_owner', 'upload_admin']
              : ['org_owner'];
        expect(route.access.who, `${route.method} ${route.url}`).toEqual(who);
      }
      // the optimizer is for revenue_optimizer users alone (optimizerRouteParts.ts says why not owners).
      if (route.url.startsWith('/api/optimizer/')) expect(route.access.who, route.url).toEqual(['revenue_optimizer']);
    }
    expect(app.declaredRoutes.filter((route) => route.url.startsWith('/api/optimizer/')).length).toBeGreaterThanOrEqual(
      8,
    );
  });

  it('answers 401 without a token on every protected route', async () => {
    const protectedRoutes = app.declaredRoutes.filter((route) => route.access.who !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const route of protectedRoutes) {
      const response = await app.inject(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 on every role route to a signed-in user without the role', async () => {
    const roleRoutes = app.declaredRoutes.filter((route) => Array.isArray(route.access.who));
    expect(roleRoutes.length).toBeGreaterThan(5);
    for (const route of roleRoutes) {
      const roles = route.access.who as readonly string[];
      const response = await app.inject({ ...requestFor(route), headers: bearer(await idTokenFor(uidWithout(roles))) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method !== 'HEAD')
        expect(response.json().error.message).toBe(`This needs the ${roles.join(' or ')} role.`);
    }
  });
});
