// The one place the API makes a QueryScope (README "Scoped books"): the organisation and the portfolio
// node come from the verified caller (their user row, their partner session's token), never from a
// request's body, path or query. Background work (alerts, subscriptions, exports) makes the scope of the
// user it runs for with queryScope, from that user's row as it is when it runs.
import type { QueryScope } from '@payportal/analytics';
import { API_ERROR_CODES } from '@payportal/shared/errors';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/apiError.ts';
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

/**
 * The optimizer's SQL (P&L, leakage, simulations, scenario merchants) reads the whole organisation and
 * cannot yet narrow to a book: a scoped session is refused rather than shown merchants outside its book.
 * TODO(issue 45): remove once the optimizer statements take QueryScope.node.
 */
export function optimizerScope(scope: QueryScope): QueryScope {
  if (scope.node !== undefined)
    throw new ApiError(
      403,
      API_ERROR_CODES.optimizerScoped,
      'The revenue optimizer covers the whole organisation: it is not available to a user scoped to a book.',
    );
  return scope;
}

/** The caller's scope on a route with declared access: every data read of a request goes through here. */
export function callerScope(request: FastifyRequest, today: string): QueryScope {
  const caller = callerOf(request);
  return queryScope(caller.user.org_id, caller.scopeNode, today);
}
