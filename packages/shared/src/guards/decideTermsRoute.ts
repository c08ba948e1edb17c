import { allow, isEmbeddedOnly, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/** /terms only for an embedded-only user who has not accepted the terms; anyone else → /home. */
export function decideTermsRoute({ user, termsAccepted }: GuardInput): GuardDecision {
  if (user !== null && user !== 'dataMissing' && isEmbeddedOnly(user) && !termsAccepted) return allow;
  return redirectTo('/home');
}
