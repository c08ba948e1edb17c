import type { RoleFlags } from '../identity/roles.ts';
import { decideQueryRoute } from './decideQueryRoute.ts';
import { allow, type GuardDecision, type GuardInput } from './guardDecision.ts';

/** Who sees the dispute desk (its menu item, home shortcut and routes). */
export const seesDisputes = (flags: RoleFlags) => flags.isQuery || flags.isDisputes || flags.isOwner;

/**
 * disputes guard: the dispute desk opens for query users (they read), `disputes` users (they
 * act) and owners; everyone else goes where the query guard sends them.
 */
export function decideDisputesRoute(input: GuardInput): GuardDecision {
  const flags = typeof input.user === 'object' ? input.user : null;
  if (flags && seesDisputes(flags)) return allow;
  return decideQueryRoute(input);
}
