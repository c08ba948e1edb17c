// The one error handler ("An API route"): every failure leaves as
// `{ error: { code, message, issues? } }` with a code from the shared catalogue, and never a stack.
import { AnalyticsShardUnavailableError, AnalyticsTimeoutError, QueryError } from '@payportal/analytics';
import { API_ERROR_CODES, type ApiErrorBody } from '@payportal/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AdmissionAbandonedError, AdmissionBusyError } from '../admission/admission.ts';
import { ApiError } from './apiError.ts';

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(error.issues && { issues: error.issues }) },
  };
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Errors answered before routing (a path parameter over 100 characters, a malformed URL): our error body too. */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendApiError(
    reply,
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, API_ERROR_CODES.badRequest, 'A part of the address is too long.')
      : new ApiError(400, API_ERROR_CODES.badRequest, 'The address is not valid.'),
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AdmissionBusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    const apiError = toApiError(error);
    if (apiError.code === API_ERROR_CODES.databaseUnavailable) {
      request.log.warn({ reason: String(apiError.cause) }, 'database unavailable');
    } else if (apiError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendApiError(reply, apiError);
  });
}

export function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  // The analytics engine's own errors: a question the data cannot answer is 400, a slow one 504.
  if (error instanceof QueryError)
    return new ApiError(
      400,
      API_ERROR_CODES.badRequest,
      `The query cannot be answered: ${error.message}.`,
      error.issues,
    );
  if (error instanceof AdmissionBusyError) return new ApiError(429, API_ERROR_CODES.analyticsBusy, error.message);
  // Nobody reads it (the connection is gone); 499, as proxies log a request its client closed, not a 5xx.
  if (error instanceof AdmissionAbandonedError) return new ApiError(499, API_ERROR_CODES.badRequest, error.message);
  if (error instanceof AnalyticsTimeoutError) return new ApiError(504, API_ERROR_CODES.analyticsTimeout, error.message);
  if (error instanceof AnalyticsShardUnavailableError)
    return new ApiError(503, API_ERROR_CODES.analyticsShardUnavailable, error.message);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = error.validationContext ?? 'request';
    const issues = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part,
      problem: issue.message ?? 'is not valid',
    }));
    const summary = issues.map((issue) => `${issue.field} ${issue.problem}`).join('; ');
    return new ApiError(400, API_ERROR_CODES.badRequest, `The ${part} is not valid: ${summary}.`, issues);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, API_ERROR_CODES.payloadTooLarge, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(400, API_ERROR_CODES.badRequest, 'Send the body as application/json.', [
        { field: 'content-type', problem: 'must be application/json' },
      ]);
    // PostgreSQL's numeric_value_out_of_range, invalid_text_representation and character_not_in_repertoire
    // (a NUL in text): a value the schemas let through that the database cannot hold is still the
    // request's fault, never a 500. The schemas should refuse it first; this is the backstop.
    case '22003':
    case '22P02':
    case '22021':
      return new ApiError(
        400,
        API_ERROR_CODES.badRequest,
        'A value in the request is out of range or of the wrong form.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, API_ERROR_CODES.badRequest, 'The request body is not valid JSON.', [
        { field: 'body', problem: 'must be valid JSON' },
      ]);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(400, API_ERROR_CODES.badRequest, 'The request is not valid.');
  }
  return new ApiError(500, API_ERROR_CODES.internal, 'Something went wrong on our side. Try again later.');
}
