import { allow, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/** owner guard: only isOwner; others → /home. */
export function decideOwnerRoute({ user }: GuardInput): GuardDecision {
  return typeof user === 'object' && user?.isOwner ? allow : redirectTo('/home');
}
