// The residuals API's refusals, each a code of the error catalogue. Nothing is written on a refusal.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { ApiError } from '../errors/apiError.ts';

export const RESIDUAL_REFUSALS = {
  open: (month: string) =>
    new ApiError(
      400,
      API_ERROR_CODES.residualsMonthOpen,
      `The month ${month} is not complete yet: it has no statement and cannot be closed.`,
    ),
  closed: (month: string) =>
    new ApiError(409, API_ERROR_CODES.residualsMonthClosed, `The month ${month} is already closed.`),
  notFound: () =>
    new ApiError(404, API_ERROR_CODES.residualsNotFound, 'This statement does not exist or is not yours to see.'),
  neverClosed: (month: string) =>
    new ApiError(404, API_ERROR_CODES.residualsNotFound, `The month ${month} has not been closed.`),
  notReader: () =>
    new ApiError(
      403,
      API_ERROR_CODES.forbidden,
      'Residual statements are for residuals admins, owners and partners scoped to their own book.',
    ),
  scopedCloser: () =>
    new ApiError(
      403,
      API_ERROR_CODES.forbidden,
      'Closing a month covers the whole organisation: it is not available to a user scoped to a book.',
    ),
};
