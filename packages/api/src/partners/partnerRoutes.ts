// Partners of an organisation (docs/access.md "Partner sessions"): the owner registers them, adds and retires
// their keys and revokes them (each audited), and a partner's signed session token is exchanged for a
// portal session (public: the token is the credential).
import {
  API_PATHS,
  partnerKeyInputSchema,
  partnerAuditQuerySchema,
  partnerAuditSchema,
  partnerKeyParamsSchema,
  partnerParamsSchema,
  partnerViewListSchema,
  partnerViewSchema,
  type Partner,
  type PartnerView,
  partnerSessionRequestSchema,
  partnerSessionResponseSchema,
  orgParamsSchema,
  registerPartnerSchema,
} from '@payportal/shared/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { PUBLIC, withRole } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import {
  addPartnerKeys,
  listPartners,
  registerPartner,
  retirePartnerKey,
  revokePartner,
  type PartnerOwner,
} from './partnerRegistry.ts';
import { listPartnerAudit } from './partnerAudit.ts';
import { openPartnerSession } from './partnerSessions.ts';
import { organisationNodes } from '../organization/index.ts';
import { requireOwnSignIn } from '../auth/requireOwnSignIn.ts';
import { bearerSecurity, describedError, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const tags = ['partners'];
const partnersPath = '/api/auth/v1/organization/:orgId/partners/';
const partnerPath = `${partnersPath}:partnerId`;
const conflictResponse = { 409: describedError("api/conflict: the change conflicts with the partner's keys or state") };
const ownerReads = withRole(['org_owner'], 'read', { impersonation: true });
const ownerWrites = withRole(['org_owner'], 'write', { impersonation: true });

export function registerPartnerRoutes(
  app: FastifyInstance,
  { db, identity, config, analytics, today }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const production = config.NODE_ENV === 'production';
  const ownerOf = (request: FastifyRequest, orgId: number): PartnerOwner => {
    const caller = callerOf(request);
    const { user, signedIn, assignable = [] } = caller;
    if (user.org_id !== orgId) throw notFound();
    return {
      db,
      orgId,
      actor: { id: signedIn.id, email: signedIn.email, name: signedIn.name },
      onBehalfOf: caller.impersonating ? { id: user.id, email: user.email } : null,
      assignable,
      production,
    };
  };
  // An origin the operator's framing allowlist (PARTNER_ORIGINS, the app's frame-ancestors) does not hold
  // is flagged: the partner's page there cannot frame the portal until the operator adds it.
  const framable = new Set(config.PARTNER_ORIGINS);
  const withFraming = (partner: Partner): PartnerView => ({
    ...partner,
    origins_outside_framing: partner.allowed_origins.filter((origin) => !framable.has(origin)),
  });

  routes.get(
    partnersPath,
    {
      config: { access: ownerReads },
      schema: {
        summary: "The organisation's partners",
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        response: { 200: partnerViewListSchema, ...errorResponses },
      },
    },
    async (request) => {
      ownerOf(request, request.params.orgId);
      return (await listPartners(db, request.params.orgId)).map(withFraming);
    },
  );

  routes.get(
    `${partnersPath}audit`,
    {
      config: { access: ownerReads },
      schema: {
        summary: "The organisation's partner audit",
        description:
          "Newest first: registrations, keys added and retired, revocations (by the verified caller, and during an impersonation in whose name), and the users a partner's session created.",
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        querystring: partnerAuditQuerySchema,
        response: { 200: partnerAuditSchema, ...errorResponses },
      },
    },
    async (request) => {
      ownerOf(request, request.params.orgId);
      return listPartnerAudit(db, request.params.orgId, request.query.limit);
    },
  );

  routes.post(
    partnersPath,
    {
      config: { access: ownerWrites },
      preHandler: requireOwnSignIn,
      schema: {
        summary: 'Register a partner',
        description:
          "Name, the origins its pages frame the portal from, the roles its users may get (within the owner's grants, else 403), whether its sessions may create users, and its public key: `{ kid, pem }` (SPKI PEM) or `{ jwks }` (every key with a kid; at most two). The answer's `issuer` is the `iss` its session tokens carry; `origins_outside_framing` names the origins the operator's PARTNER_ORIGINS does not hold (the portal cannot be framed there yet). Audited.",
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        body: registerPartnerSchema,
        response: { 201: partnerViewSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const partner = await registerPartner(ownerOf(request, request.params.orgId), request.body);
      reply.code(201);
      return withFraming(partner);
    },
  );

  routes.post(
    `${partnerPath}/keys`,
    {
      config: { access: ownerWrites },
      preHandler: requireOwnSignIn,
      schema: {
        summary: "Add a partner's key (rotation)",
        description:
          'At most two keys are active: the current one and its successor. A kid is never used twice. Audited.',
        tags,
        security: bearerSecurity,
        params: partnerParamsSchema,
        body: partnerKeyInputSchema,
        response: { 200: partnerViewSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) =>
      withFraming(await addPartnerKeys(ownerOf(request, request.params.orgId), request.params.partnerId, request.body)),
  );

  routes.delete(
    `${partnerPath}/keys/:kid`,
    {
      config: { access: ownerWrites },
      preHandler: requireOwnSignIn,
      schema: {
        summary: "Retire a partner's key",
        description:
          'Tokens signed with it are refused from now on (`partner/key-retired`); the last active key cannot be retired (409). Audited.',
        tags,
        security: bearerSecurity,
        params: partnerKeyParamsSchema,
        response: { 200: partnerViewSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) =>
      withFraming(
        await retirePartnerKey(ownerOf(request, request.params.orgId), request.params.partnerId, request.params.kid),
      ),
  );

  routes.post(
    `${partnerPath}/revoke`,
    {
      config: { access: ownerWrites },
      preHandler: requireOwnSignIn,
      schema: {
        summary: 'Revoke a partner',
        description:
          'For good: no new session (`partner/revoked`), and the sessions it opened are refused at their next call. Audited.',
        tags,
        security: bearerSecurity,
        params: partnerParamsSchema,
        response: { 200: partnerViewSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) =>
      withFraming(await revokePartner(ownerOf(request, request.params.orgId), request.params.partnerId)),
  );

  routes.post(
    API_PATHS.partnerSession,
    {
      // Rate limited like sign-ins.
      config: { access: PUBLIC, rateLimit: { max: config.AUTHENTICATE_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        summary: "Open a session with a partner's signed session token",
        description:
          "The partner's backend signs a JWT (iss: the partner's issuer, aud: \"payportal\", kid of a registered key, iat, exp at most 5 minutes later, a single-use jti; email, name, optional roles within the partner's roles). Answers an ID token of that user, which every other route takes as usual. Each refusal has its own code (partner/…; `disabled` for a deactivated user).",
        tags: ['session'],
        body: partnerSessionRequestSchema,
        response: { 201: partnerSessionResponseSchema, ...errorResponses, 429: describedError('api/rate-limited') },
      },
    },
    async (request, reply) => {
      const session = await openPartnerSession(
        {
          db,
          identity,
          production,
          portfolio: async (orgId) => (await organisationNodes(analytics, orgId, today())).nodes,
        },
        {
          ...request.body,
          requestOrigin: request.headers.origin,
          portalOrigins: [new URL(config.PUBLIC_URL).origin, `${request.protocol}://${request.host}`],
        },
      );
      reply.code(201);
      return session;
    },
  );
}
