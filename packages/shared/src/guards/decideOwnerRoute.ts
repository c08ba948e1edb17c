import { allow, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/** spec §6, owner guard: only isOwner; others → /home. */
export function decideOwnerRoute({ user }: GuardInput): GuardDecision {
  return typeof user === 'object' && user?.isOwner ? allow : redirectTo('/home');
}
