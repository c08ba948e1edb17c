import { allow, redirectTo, type GuardDecision, type GuardInput } from './guardDecision.ts';

/** upload guard: only isUpload; others → /home. */
export function decideUploadRoute({ user }: GuardInput): GuardDecision {
  return typeof user === 'object' && user?.isUpload ? allow : redirectTo('/home');
}
