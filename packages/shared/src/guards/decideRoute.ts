// Which guards protect a route, and in which order: the general guard first, then the route's own.
// /terms has only its own guard, because the general guard sends users there.
import { decideDisputesRoute } from './decideDisputesRoute.ts';
import { decideEmbeddedRoute } from './decideEmbeddedRoute.ts';
import { decideGeneralRoute } from './decideGeneralRoute.ts';
import { decideOwnerRoute } from './decideOwnerRoute.ts';
import { decideQueryRoute } from './decideQueryRoute.ts';
import { decideResidualsRoute } from './decideResidualsRoute.ts';
import { decideTermsRoute } from './decideTermsRoute.ts';
import { decideUploadRoute } from './decideUploadRoute.ts';
import type { GuardDecision, GuardInput } from './guardDecision.ts';

export const ROUTE_GUARDS = [
  'general',
  'terms',
  'owner',
  'upload',
  'query',
  'embedded',
  'disputes',
  'residuals',
] as const;
export type RouteGuard = (typeof ROUTE_GUARDS)[number];

const ownGuard: Record<Exclude<RouteGuard, 'general' | 'terms'>, (input: GuardInput) => GuardDecision> = {
  owner: decideOwnerRoute,
  upload: decideUploadRoute,
  query: decideQueryRoute,
  embedded: decideEmbeddedRoute,
  disputes: decideDisputesRoute,
  residuals: decideResidualsRoute,
};

export function decideRoute(guard: RouteGuard, input: GuardInput): GuardDecision {
  if (guard === 'terms') {
    // Nobody signed in: the general guard's answer (sign in, or tell the parent), not /home.
    const general = decideGeneralRoute(input);
    if (general.action !== 'allow' && (input.user === null || input.user === 'dataMissing')) return general;
    return decideTermsRoute(input);
  }
  const general = decideGeneralRoute(input);
  if (general.action !== 'allow' || guard === 'general') return general;
  return ownGuard[guard](input);
}
