import type { RoleFlags } from '../identity/roles.ts';
import { decideQueryRoute } from './decideQueryRoute.ts';
import { allow, type GuardDecision, type GuardInput } from './guardDecision.ts';

/**
 * Who is offered residuals (the menu item): residuals admins, owners, and query users scoped to a book,
 * who read their own statements (the API README "Residuals" refuses an unscoped query user).
 */
export const seesResiduals = (flags: RoleFlags, scoped: boolean) =>
  flags.isResidualsAdmin || flags.isOwner || (flags.isQuery && scoped);

/**
 * residuals guard: the screens open for residuals admins, owners and query users (whether a
 * query user is scoped is not a role: the screen shows the API's refusal to an unscoped one); everyone
 * else goes where the query guard sends them.
 */
export function decideResidualsRoute(input: GuardInput): GuardDecision {
  const flags = typeof input.user === 'object' ? input.user : null;
  if (flags && (flags.isResidualsAdmin || flags.isOwner || flags.isQuery)) return allow;
  return decideQueryRoute(input);
}
