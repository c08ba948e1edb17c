// Who a request runs as: its own user, or the user support staff act as with an impersonation token
// (impersonationCaller.ts), and what resolving a caller needs. Types only, so the resolvers can share them.
import type { PlatformPermission, RoleName, WarehouseUser } from '@payportal/shared/identity';
import type { Database } from '../db/database.ts';
import type { PortalUser } from '../identity/userRepository.ts';
import type { ExpiringCache } from './expiringCache.ts';
import type { SignInRules } from './signInRules.ts';
import type { TokenVerifier, VerifiedToken } from './verifyToken.ts';

export interface CallerBase {
  /** The user every check runs as. */
  user: WarehouseUser;
  /** The token's own user: the same as `user` unless impersonating. */
  signedIn: WarehouseUser;
  /** The acting user's roles and the roles they may grant, set on routes that declare roles (callerHooks.ts). */
  roles?: RoleName[];
  assignable?: RoleName[];
  /** The portfolio node whose book the caller sees (callerScope.ts), or null: the whole organisation. */
  scopeNode: string | null;
}

/** Signed in with their own ID token. */
export interface OwnCaller extends CallerBase {
  impersonating: false;
  token: VerifiedToken;
  /** A partner's session: that partner's role cap, which the session's roles never exceed (SECURITY.md #14); else null. */
  partnerCap: RoleName[] | null;
}

/** Support staff acting as `user` with an impersonation token. */
export interface ImpersonatingCaller extends CallerBase {
  impersonating: true;
  /** The support user's platform permissions, as held now. */
  platformPermissions: PlatformPermission[];
  /** The token was issued with support_write and the support user still holds it. */
  canWrite: boolean;
}

export type Caller = OwnCaller | ImpersonatingCaller;

export interface ImpersonationAttempt {
  callerUserId: number;
  targetEmail: string;
}

export interface CallerDependencies {
  db: Database;
  verifier: TokenVerifier;
  signInRules: SignInRules;
  /** Signed-in users by uid, for reads only (see docs/engine.md "Caches"). */
  usersByUid: ExpiringCache<PortalUser>;
  userCacheMs: number;
}
