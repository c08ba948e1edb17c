// The API's one error type: a status, a code from the shared catalogue, a message, and for bad input
// the fields and their problems. The error handler turns it into the body of apiErrors.ts.
import { API_ERROR_CODES, type ApiErrorCode } from '@payportal/shared/errors';

export interface FieldProblem {
  field: string;
  problem: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: FieldProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One answer for "does not exist" and "not yours", so nothing about other organisations leaks. */
export const notFound = () => new ApiError(404, API_ERROR_CODES.notFound, 'Not found.');

export const forbidden = (message: string) => new ApiError(403, API_ERROR_CODES.forbidden, message);

/** A route that refuses impersonation, or an impersonation the caller may not make. */
export const impersonationForbidden = (message = 'This cannot be done while acting as another user.') =>
  new ApiError(403, API_ERROR_CODES.impersonationForbidden, message);

export const notSupportStaff = () => impersonationForbidden('Only support staff may act as another user.');

/** "disabled: Please contact support." */
export const disabledUser = () => new ApiError(403, API_ERROR_CODES.disabled, 'Please contact support.');

export const unauthenticated = (message = 'Sign in again: the bearer token is missing or not valid.') =>
  new ApiError(401, API_ERROR_CODES.unauthenticated, message);

export class DatabaseUnavailableError extends ApiError {
  constructor(reason: string) {
    super(503, API_ERROR_CODES.databaseUnavailable, 'The portal database is not available. Try again in a moment.');
    this.cause = reason;
  }
}
