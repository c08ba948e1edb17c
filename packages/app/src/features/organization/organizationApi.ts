// The organisation-management calls, parsed with the shared contract.
import {
  inviteUserResponseSchema,
  managedUserResponseSchema,
  ORG_MANAGEMENT_PATHS as PATHS,
  orgUsersPageSchema,
  PARTNER_PATHS,
  partnerAuditPath,
  partnerAuditSchema,
  partnerViewListSchema,
  partnerViewSchema,
  portfolioTreeSchema,
  userChangesResponseSchema,
  type PartnerKeyInput,
  type RegisterPartner,
  type InviteUser,
  type OrgUsersQuery,
  type RoleName,
  type SignInMethod,
} from '@payportal/shared/identity';
import { apiRequest } from '../../lib/apiClient.ts';

export function fetchOrgUsers(orgId: number, query: OrgUsersQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    search: query.search,
    sort: query.sort,
    direction: query.direction,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return apiRequest(`${PATHS.users(orgId)}?${params}`, { schema: orgUsersPageSchema, signal });
}

export function inviteOrgUser(orgId: number, invite: InviteUser) {
  return apiRequest(PATHS.users(orgId), { method: 'POST', body: invite, schema: inviteUserResponseSchema });
}

/** A new sign-up link for a user who has not signed up; the earlier link stops working. */
export function renewInviteLink(orgId: number, userId: number) {
  return apiRequest(PATHS.inviteLink(orgId, userId), { method: 'POST', schema: inviteUserResponseSchema });
}

export function saveUserRoles(orgId: number, userId: number, roles: RoleName[]) {
  return apiRequest(PATHS.roles(orgId, userId), { method: 'PUT', body: { roles }, schema: managedUserResponseSchema });
}

export function saveUserName(orgId: number, userId: number, name: string) {
  return apiRequest(PATHS.name(orgId, userId), { method: 'PUT', body: { name }, schema: managedUserResponseSchema });
}

export function saveUserActive(orgId: number, userId: number, isActive: boolean) {
  return apiRequest(PATHS.active(orgId, userId), {
    method: 'PUT',
    body: { is_active: isActive },
    schema: managedUserResponseSchema,
  });
}

export function saveUserSignInMethod(orgId: number, userId: number, method: SignInMethod) {
  return apiRequest(PATHS.signInMethod(orgId, userId), {
    method: 'PUT',
    body: { sign_in_method: method },
    schema: managedUserResponseSchema,
  });
}

export function resetUserSecondFactors(orgId: number, userId: number) {
  return apiRequest(PATHS.secondFactors(orgId, userId), { method: 'DELETE', schema: managedUserResponseSchema });
}

export function fetchUserChanges(orgId: number, userId?: number) {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return apiRequest(`${PATHS.history(orgId)}${query}`, { schema: userChangesResponseSchema });
}

/** The organisation's partners (signed embed sessions): list, register, keys, revoke. */
export function fetchPartners(orgId: number) {
  return apiRequest(PARTNER_PATHS.partners(orgId), { schema: partnerViewListSchema });
}

export function registerPartner(orgId: number, partner: RegisterPartner) {
  return apiRequest(PARTNER_PATHS.partners(orgId), { method: 'POST', body: partner, schema: partnerViewSchema });
}

export function addPartnerKey(orgId: number, partnerId: number, key: PartnerKeyInput) {
  return apiRequest(PARTNER_PATHS.keys(orgId, partnerId), { method: 'POST', body: key, schema: partnerViewSchema });
}

export function retirePartnerKey(orgId: number, partnerId: number, kid: string) {
  return apiRequest(PARTNER_PATHS.key(orgId, partnerId, kid), { method: 'DELETE', schema: partnerViewSchema });
}

export function revokePartner(orgId: number, partnerId: number) {
  return apiRequest(PARTNER_PATHS.revoke(orgId, partnerId), { method: 'POST', schema: partnerViewSchema });
}

/** The partner audit (registrations, key changes, revocations, users provisioned), newest first. */
export function fetchPartnerAudit(orgId: number) {
  return apiRequest(partnerAuditPath(orgId), { schema: partnerAuditSchema });
}

/** Binds a user to the partner whose signed sessions may open them, or unbinds them (null). */
export function saveUserPartner(orgId: number, userId: number, partnerId: number | null) {
  return apiRequest(PATHS.partnerBinding(orgId, userId), {
    method: 'PUT',
    body: { partner_id: partnerId },
    schema: managedUserResponseSchema,
  });
}

/** The organisation's portfolio hierarchy with each book's merchants and users (README "Scoped books"). */
export function fetchPortfolio(orgId: number, signal?: AbortSignal) {
  return apiRequest(PATHS.portfolio(orgId), { schema: portfolioTreeSchema, signal });
}

/** Scopes a user to one node's book (its code), or to the whole organisation (null). */
export function saveUserScope(orgId: number, userId: number, node: string | null) {
  return apiRequest(PATHS.scope(orgId, userId), {
    method: 'PUT',
    body: { scope_node: node },
    schema: managedUserResponseSchema,
  });
}
