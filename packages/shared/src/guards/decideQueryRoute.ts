import { allow, isEmbeddedOnly, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/**
 * spec §6, query guard: isQuery allowed; embedded-only users → /revenue-optimizer; others → /profile,
 * or `unauthorized` to the parent when framed (there is no /profile in a frame).
 */
export function decideQueryRoute({ user, framed }: GuardInput): GuardDecision {
  const flags = typeof user === 'object' ? user : null;
  if (flags?.isQuery) return allow;
  if (flags && isEmbeddedOnly(flags)) return redirectTo('/revenue-optimizer');
  return framed ? { action: 'notifyParent', message: 'unauthorized' } : redirectTo('/profile');
}
