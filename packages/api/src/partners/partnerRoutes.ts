// Partners of an organisation (docs/access.md "Partner sessions"): the owner registers them, adds and retires
// their keys and revokes them (each audited), and a partner's signed session token is exchanged for a
// portal session (public: the token is the credential).
import {
  API_PATHS,
  partnerKeyInputSchema,
  partnerKeyParamsSchema,
  partnerListSchema,
  partnerParamsSchema,
  partnerSchema,
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
import { openPartnerSession } from './partnerSessions.ts';
import { requireOwnSignIn } from '../auth/requireOwnSignIn.ts';
import { bearerSecurity, describedError, errorResponses } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const tags = ['partners'];
const partnersPath = '/api/auth/v1/organization/:orgId/partners/';
const partnerPath = `${partnersPath}:partnerId`;
const conflictResponse = { 409: describedError("api/conflict: the change conflicts with the partner's keys or state") };
const ownerReads = withRole(['org_owner'], 'read', { impersonation: true });
const ownerWrites = withRole(['org_owner'], 'write', { impersonation: true });

export function registerPartnerRoutes(app: FastifyInstance, { db, identity, config }: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownerOf = (request: FastifyRequest, orgId: number): PartnerOwner => {
    const { user, signedIn, assignable = [] } = callerOf(request);
    if (user.org_id !== orgId) throw notFound();
    return { db, orgId, actor: { id: signedIn.id, email: signedIn.email, name: signedIn.name }, assignable };
  };

  routes.get(
    partnersPath,
    {
      config: { access: ownerReads },
      schema: {
        summary: "The organisation's partners",
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        response: { 200: partnerListSchema, ...errorResponses },
      },
    },
    async (request) => {
      ownerOf(request, request.params.orgId);
      return listPartners(db, request.params.orgId);
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
          "Name, the origins its pages frame the portal from, the roles its users may get (within the owner's grants, else 403), whether its sessions may create users, and its public key: `{ kid, pem }` (SPKI PEM) or `{ jwks }` (every key with a kid; at most two). The answer's `issuer` is the `iss` its session tokens carry. Audited.",
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        body: registerPartnerSchema,
        response: { 201: partnerSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const partner = await registerPartner(ownerOf(request, request.params.orgId), request.body);
      reply.code(201);
      return partner;
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
        response: { 200: partnerSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) => addPartnerKeys(ownerOf(request, request.params.orgId), request.params.partnerId, request.body),
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
        response: { 200: partnerSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) =>
      retirePartnerKey(ownerOf(request, request.params.orgId), request.params.partnerId, request.params.kid),
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
        response: { 200: partnerSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) => revokePartner(ownerOf(request, request.params.orgId), request.params.partnerId),
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
        { db, identity },
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
