// Organisation management: the owner of an organisation lists, invites and changes its
// users. Every route: the caller must hold org_owner in the organisation named in the path (any other
// organisation id: 404, a non-owner: 403), ids of users elsewhere are 404, and changes are audited.
import {
  bindUserPartnerSchema,
  inviteUserResponseSchema,
  inviteUserSchema,
  managedUserResponseSchema,
  orgParamsSchema,
  orgUserParamsSchema,
  orgUsersPageSchema,
  orgUsersQuerySchema,
  setUserActiveSchema,
  setUserNameSchema,
  setUserRolesSchema,
  setSignInMethodSchema,
  setUserScopeSchema,
  signUpPath,
  userChangesQuerySchema,
  userChangesResponseSchema,
} from '@payportal/shared/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { notFound } from '../errors/apiError.ts';
import {
  inviteUser,
  renewInviteLink,
  resetSecondFactors,
  setSignInMethod,
  setUserActive,
  setUserName,
  setUserRoles,
  type OpenInvite,
  type OwnerContext,
} from './orgUserActions.ts';
import { readUserChanges } from './orgUserChanges.ts';
import { bindUserToPartner } from './userPartnerBinding.ts';
import { organisationNodes } from './portfolioRoutes.ts';
import { setUserScope } from './userScope.ts';
import { requireOwnSignIn } from '../auth/requireOwnSignIn.ts';
import { findOrgUser, listOrgUsers, managedUsers, type OrgUserRow } from './orgUserDirectory.ts';
import { bearerSecurity, errorResponses, describedError } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';

const tags = ['organization users'];
// The patterns of ORG_MANAGEMENT_PATHS (shared), which the app calls.
const usersPath = '/api/auth/v1/organization/:orgId/users/';
const userPath = `${usersPath}:userId`;
const historyPath = '/api/auth/v1/organization/:orgId/user-changes/';
const conflictResponse = { 409: describedError('api/conflict: the change conflicts with the current state') };
const changeResponses = { 200: managedUserResponseSchema, ...conflictResponse, ...errorResponses };

const ownerReads = withRole(['org_owner'], 'read', { impersonation: true });
const ownerWrites = withRole(['org_owner'], 'write', { impersonation: true });

export function registerOrganizationUserRoutes(
  app: FastifyInstance,
  { db, identity, analytics, today }: RouteDeps,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The owner (the declared role) of the organisation in the path, as an owner context; another organisation: 404. */
  const ownerOf = async (request: FastifyRequest, orgId: number): Promise<OwnerContext> => {
    const { user, signedIn, assignable = [] } = callerOf(request);
    if (user.org_id !== orgId) throw notFound();
    return {
      db,
      identity,
      orgId,
      ownerId: user.id,
      actor: { id: signedIn.id, email: signedIn.email, name: signedIn.name },
      assignable,
    };
  };
  const answer = async (row: OrgUserRow) => (await managedUsers([row], identity))[0]!;
  // The link carries the invitation's secret; it is in this answer only (the database keeps its hash).
  const inviteAnswer = async ({ row, secret }: OpenInvite) => ({
    user: await answer(row),
    signUpPath: signUpPath({ email: row.email, name: row.name, invite: secret }),
  });

  routes.get(
    usersPath,
    {
      config: { access: ownerReads },
      schema: {
        summary: "One page of the organisation's users",
        description:
          'Owners only. Searched over name and e-mail, sorted and paged on the server; identity facts for the page.',
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        querystring: orgUsersQuerySchema,
        response: { 200: orgUsersPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await ownerOf(request, request.params.orgId);
      const { rows, total } = await listOrgUsers(db, request.params.orgId, request.query);
      return {
        users: await managedUsers(rows, identity),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  routes.post(
    usersPath,
    {
      config: { access: ownerWrites },
      schema: {
        summary: 'Invite a user',
        description:
          'Creates the portal user with roles within the owner\'s grants and answers the /sign-up/{hash} path for the invitee; the hash holds the e-mail, the name and the invitation\'s single-use secret (valid for 14 days, shown only in this answer). Addresses are unique per organisation: an address already in this organisation is 409 "Account already exists."; whether another organisation uses it makes no difference to the answer.',
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        body: inviteUserSchema,
        response: { 201: inviteUserResponseSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, request.params.orgId);
      const invited = await inviteUser(owner, request.body);
      reply.code(201);
      return inviteAnswer(invited);
    },
  );

  routes.post(
    `${userPath}/invite-link`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: 'A new sign-up link for a user who has not signed up',
        description:
          "Only the hash of an invitation's secret is stored, so an earlier link cannot be shown again: this makes a new secret (valid for 14 days) and answers its /sign-up/{hash} path; the earlier link stops working. Audited as `invite-link`. A user who has signed up: 409.",
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        response: { 200: inviteUserResponseSchema, ...conflictResponse, ...errorResponses },
      },
    },
    async (request) =>
      inviteAnswer(await renewInviteLink(await ownerOf(request, request.params.orgId), request.params.userId)),
  );

  routes.put(
    `${userPath}/roles`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: "Set a user's roles",
        description:
          "Only roles within the owner's grants may be given or taken (403); the last active owner keeps org_owner (409).",
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        body: setUserRolesSchema,
        response: changeResponses,
      },
    },
    async (request) =>
      answer(
        await setUserRoles(await ownerOf(request, request.params.orgId), request.params.userId, request.body.roles),
      ),
  );

  routes.put(
    `${userPath}/name`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: "Change a user's name",
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        body: setUserNameSchema,
        response: changeResponses,
      },
    },
    async (request) =>
      answer(await setUserName(await ownerOf(request, request.params.orgId), request.params.userId, request.body.name)),
  );

  routes.put(
    `${userPath}/active`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: 'Deactivate or reactivate a user',
        description:
          "Deactivation sets is_active false and revokes the user's refresh tokens; their next call answers `disabled`. Not for the owner themselves (409).",
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        body: setUserActiveSchema,
        response: changeResponses,
      },
    },
    async (request) =>
      answer(
        await setUserActive(
          await ownerOf(request, request.params.orgId),
          request.params.userId,
          request.body.is_active,
        ),
      ),
  );

  routes.put(
    `${userPath}/sign-in-method`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: 'Choose who signs a user in',
        description:
          "standalone: PayPortal's own sign-in, password and an SMS second factor (internal addresses skip the SMS step). partner: signed in by the partner portal that frames PayPortal; the API asks no PayPortal SMS step of them. Audited.",
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        body: setSignInMethodSchema,
        response: changeResponses,
      },
    },
    async (request) =>
      answer(
        await setSignInMethod(
          await ownerOf(request, request.params.orgId),
          request.params.userId,
          request.body.sign_in_method,
        ),
      ),
  );

  routes.put(
    `${userPath}/partner`,
    {
      config: { access: ownerWrites },
      preHandler: requireOwnSignIn,
      schema: {
        summary: 'Bind a user to a partner, or unbind them',
        description:
          "partner_id: the partner whose signed sessions may open this user (they then sign in through it only, within its role cap); null: PayPortal's own sign-in again. An owner is never bound (409), nor is a user to a revoked partner (409). Not from a partner's session or an impersonation (403 partner/owner-sign-in-required). Audited.",
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        body: bindUserPartnerSchema,
        response: changeResponses,
      },
    },
    async (request) =>
      answer(
        await bindUserToPartner(
          await ownerOf(request, request.params.orgId),
          request.params.userId,
          request.body.partner_id,
        ),
      ),
  );

  routes.put(
    `${userPath}/scope`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: 'Scope a user to a book of the portfolio, or unscope them',
        description:
          'scope_node: the code of a sub-ISO or agent of the organisation\'s hierarchy; the user then sees only that node\'s merchants, everywhere (README "Scoped books"); null: the whole organisation. An owner is never scoped (400 organization/owner-not-scoped); an unknown code: 400 organization/unknown-node. Audited.',
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        body: setUserScopeSchema,
        response: {
          ...changeResponses,
          400: describedError('organization/owner-not-scoped, organization/unknown-node, api/bad-request'),
        },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.orgId);
      const code = request.body.scope_node;
      const nodes = code === null ? [] : (await organisationNodes(analytics, owner.orgId, today())).nodes;
      return answer(await setUserScope(owner, request.params.userId, code, nodes));
    },
  );

  routes.delete(
    `${userPath}/second-factors`,
    {
      config: { access: ownerWrites },
      schema: {
        summary: "Reset a user's second factor",
        description:
          'Unenrolls every second factor in the identity provider; the user registers a phone at the next sign-in.',
        tags,
        security: bearerSecurity,
        params: orgUserParamsSchema,
        response: changeResponses,
      },
    },
    // The identity facts in the answer are read after the unenrolment, so they show none enrolled.
    async (request) =>
      answer(await resetSecondFactors(await ownerOf(request, request.params.orgId), request.params.userId)),
  );

  routes.get(
    historyPath,
    {
      config: { access: ownerReads },
      schema: {
        summary: "Recent changes to the organisation's users",
        description:
          'Who changed what, before and after, when; newest first. `user_id` narrows it to one user of the organisation.',
        tags,
        security: bearerSecurity,
        params: orgParamsSchema,
        querystring: userChangesQuerySchema,
        response: { 200: userChangesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.orgId);
      const userId = request.query.user_id;
      if (userId !== undefined && !(await findOrgUser(db, owner.orgId, userId))) throw notFound();
      return readUserChanges(db, owner.orgId, { userId, limit: request.query.limit });
    },
  );
}
