import { allow, isEmbeddedOnly, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/**
 * query guard: isQuery allowed; embedded-only users → /revenue-optimizer; others → /profile.
 * Framed (no /profile there) posts `unauthorized`; departs from it: only a lost
 * or refused session is unauthorized, so a signed-in user without the role goes to /home, a route
 * change the host hears as one (PROTOCOL.md M2).
 */
export function decideQueryRoute({ user, framed }: GuardInput): GuardDecision {
  const flags = typeof user === 'object' ? user : null;
  if (flags?.isQuery) return allow;
  if (flags && isEmbeddedOnly(flags)) return redirectTo('/revenue-optimizer');
  return redirectTo(framed ? '/home' : '/profile');
}
