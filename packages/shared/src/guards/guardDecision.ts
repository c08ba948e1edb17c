// What every guard of decides from: the signed-in user's role flags, whether the app is framed
// and whether the embedded terms are accepted. Pure data in, pure data out: the app applies the answer.
import type { RoleFlags } from '../identity/roles.ts';

/**
 * The user the guards look at: their role flags, `null` when nobody is signed in, or `'dataMissing'`
 * when an identity is signed in but the stored warehouse user data is gone.
 */
export type GuardUser = RoleFlags | null | 'dataMissing';

export interface GuardInput {
  user: GuardUser;
  framed: boolean;
  /** the user has accepted the embedded terms (product id 2). */
  termsAccepted: boolean;
}

/** The routes a guard sends a user to. */
export type GuardTarget = '/auth' | '/home' | '/terms' | '/revenue-optimizer' | '/profile';

/** The one message a guard posts to the parent portal when framed. */
export type GuardParentMessage = 'unauthorized';

export type GuardDecision =
  | { action: 'allow' }
  | {
      action: 'redirect';
      to: GuardTarget;
      /** Clear the stored session data first (missing stored user data). */
      clearSession?: true;
    }
  /** Framed, with nowhere inside the frame to go: the parent portal decides. */
  | { action: 'notifyParent'; message: GuardParentMessage };

export const allow: GuardDecision = { action: 'allow' };

/** A role guard's redirect is a route change for the parent, never `unauthorized` (PROTOCOL.md M2). */
export function redirectTo(to: GuardTarget): GuardDecision {
  return { action: 'redirect', to };
}

/** an embedded user (revenue_optimizer) with none of the owner, query or upload roles. */
export function isEmbeddedOnly(flags: RoleFlags): boolean {
  return flags.isEmbedded && !flags.isOwner && !flags.isQuery && !flags.isUpload;
}
