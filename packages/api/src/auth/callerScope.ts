// The one place the API makes a QueryScope (README "Scoped books"): the organisation and the portfolio
// node come from the verified caller (their user row, their partner session's token), never from a
// request's body, path or query. Background work (alerts, subscriptions, exports) makes the scope of the
// user it runs for with queryScope, from that user's row as it is when it runs.
import type { QueryScope } from '@payportal/analytics';
import type { FastifyRequest } from 'fastify';
import { callerOf } from './callerHooks.ts';

/** A scope of the organisation, narrowed to the node's subtree when there is one. */
export const queryScope = (orgId: number, node: string | null, today: string): QueryScope =>
  node === null ? { orgId, today } : { orgId, node, today };

/**
 * Whether a session of book `current` may have what was made in book `madeIn` (an export's file): the
 * whole organisation sees every book, a scoped session only its own (README "Scoped books").
 */
export const seesBook = (current: string | null, madeIn: string | null): boolean =>
  current === null || current === madeIn;

/** The caller's scope on a route with declared access: every data read of a request goes through here. */
export function callerScope(request: FastifyRequest, today: string): QueryScope {
  const caller = callerOf(request);
  return queryScope(caller.user.org_id, caller.scopeNode, today);
}
