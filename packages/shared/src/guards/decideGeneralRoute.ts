import { allow, isEmbeddedOnly, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/**
 * general guard (every guarded route): no user → /auth, or `unauthorized` to the parent when
 * framed; missing stored user data → clear and /auth; an embedded-only user who has not accepted the
 * terms → /terms.
 */
export function decideGeneralRoute({ user, framed, termsAccepted }: GuardInput): GuardDecision {
  if (user === null || (user === 'dataMissing' && framed)) {
    return framed ? { action: 'notifyParent', message: 'unauthorized' } : redirectTo('/auth');
  }
  if (user === 'dataMissing') return { action: 'redirect', to: '/auth', clearSession: true };
  if (isEmbeddedOnly(user) && !termsAccepted) return redirectTo('/terms');
  return allow;
}
