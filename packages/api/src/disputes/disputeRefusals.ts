// The desk's refusals, each a code of the error catalogue. Nothing is written on a refusal.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES } from '@payportal/shared/disputes';
import { ApiError } from '../errors/apiError.ts';

const MAX_MB = EVIDENCE_MAX_BYTES / 1024 / 1024;

export const DISPUTE_REFUSALS = {
  closed: () => new ApiError(409, API_ERROR_CODES.disputesClosed, 'This dispute is decided: it takes no more actions.'),
  pastDue: (dueDate: string) =>
    new ApiError(
      409,
      API_ERROR_CODES.disputesPastDue,
      `The due date (${dueDate}) has passed: the network no longer takes a representment.`,
    ),
  answered: () =>
    new ApiError(409, API_ERROR_CODES.disputesAlreadyRepresented, 'This dispute has already been answered.'),
  notEvidence: () =>
    new ApiError(400, API_ERROR_CODES.badRequest, 'Evidence must be stored for this dispute first.', [
      { field: 'evidenceIds', problem: 'not evidence of this dispute' },
    ]),
  notMember: () =>
    new ApiError(400, API_ERROR_CODES.badRequest, 'The assignee must be an active user of your organisation.', [
      { field: 'assigneeId', problem: 'not an active user of this organisation' },
    ]),
  evidenceType: () =>
    new ApiError(
      400,
      API_ERROR_CODES.disputesEvidenceType,
      `Evidence must be a PDF, PNG or JPEG file (${EVIDENCE_TYPES.join(', ')}), at most ${MAX_MB} MB.`,
    ),
  evidenceTooLarge: () =>
    new ApiError(413, API_ERROR_CODES.disputesEvidenceTooLarge, `Evidence files are at most ${MAX_MB} MB each.`),
};
