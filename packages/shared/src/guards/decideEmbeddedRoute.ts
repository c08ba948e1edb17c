import { allow, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/** spec §6, embedded guard: only isEmbedded; others → /home, posting `unauthorized` when framed. */
export function decideEmbeddedRoute({ user, framed }: GuardInput): GuardDecision {
  if (typeof user === 'object' && user?.isEmbedded) return allow;
  return framed ? redirectTo('/home', 'unauthorized') : redirectTo('/home');
}
