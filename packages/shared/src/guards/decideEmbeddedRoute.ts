import { allow, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/**
 * embedded guard: only isEmbedded; others → /home. Framed, also posts `unauthorized`;
 * departs from it: only a lost or refused session is unauthorized, a guard's redirect
 * is a route change and reaches the host as one (PROTOCOL.md M2).
 */
export function decideEmbeddedRoute({ user }: GuardInput): GuardDecision {
  if (typeof user === 'object' && user?.isEmbedded) return allow;
  return redirectTo('/home');
}
