// The signed-in user, their organisation and roles, framed or standalone.
// A module-level valtio proxy plus exported actions; components read it with useSnapshot.
import {
  roleFlags,
  type AuthenticateResponse,
  type Organization,
  type RoleFlags,
  type RoleName,
  type WarehouseUser,
} from '@payportal/shared/identity';
import { proxy } from 'valtio';
import { clearSessionCache, saveSessionCache } from './sessionCache.ts';

export interface SignedInSession {
  status: 'signedIn';
  user: WarehouseUser;
  organization: Organization;
  roles: RoleName[];
  flags: RoleFlags;
  /** the union of the grants of the user's own roles (owners assign roles). */
  assignableRoles: RoleName[];
  embeddedTermsAccepted: boolean;
  /** Set when support staff view this user's portal. */
  impersonatedBy: string | null;
  /** The session sees one book of the portfolio; the book banner asks the API which. */
  scoped?: boolean;
}

export type SessionState = { status: 'loading' } | { status: 'signedOut'; reason?: string } | SignedInSession;

export const session = proxy<{ current: SessionState; framed: boolean }>({
  current: { status: 'loading' },
  framed: false,
});

export function setFramed(framed: boolean): void {
  session.framed = framed;
}

export function signedInFrom(answer: AuthenticateResponse): SignedInSession {
  return {
    status: 'signedIn',
    user: answer.user,
    organization: answer.organization,
    roles: answer.roles,
    flags: roleFlags(answer.roles),
    assignableRoles: answer.assignable_roles,
    embeddedTermsAccepted: answer.embedded_terms_accepted,
    impersonatedBy: answer.impersonated_by,
    scoped: answer.scoped ?? false,
  };
}

export function setSignedIn(answer: AuthenticateResponse): void {
  const signedIn = signedInFrom(answer);
  session.current = signedIn;
  if (!session.framed) saveSessionCache(signedIn);
}

export function setSignedOut(reason?: string): void {
  session.current = reason ? { status: 'signedOut', reason } : { status: 'signedOut' };
  if (!session.framed) clearSessionCache();
}

export function acceptEmbeddedTerms(): void {
  if (session.current.status === 'signedIn') session.current.embeddedTermsAccepted = true;
}

/** After a name update: the header and the profile show the new name at once. */
export function setUserName(name: string): void {
  if (session.current.status === 'signedIn') session.current.user.name = name;
}

export function resetSession(): void {
  session.current = { status: 'loading' };
  session.framed = false;
}
