// The dispute desk's calls, on the shared contract (`@payportal/shared/disputes`): the queue's pages, one
// dispute, its actions and its evidence. Actions answer nothing the page reads: it loads the dispute again.
import {
  acceptDisputeSchema,
  assignDisputeSchema,
  DISPUTE_PATHS,
  disputeDetailSchema,
  disputeNoteSchema,
  disputeQueuePageSchema,
  disputeQueueQuerySchema,
  disputeEvidenceSchema,
  representDisputeSchema,
  runDisputeQueueExportBodySchema,
  type DisputeQueueQuery,
  type DisputeQueueViewInput,
} from '@payportal/shared/disputes';
import { exportJobSchema } from '@payportal/shared/exports';
import { apiBytes, apiRequest } from '../../lib/apiClient.ts';

export type QueueQueryInput = Omit<DisputeQueueQuery, 'limit'> & { limit?: number };

export function fetchQueuePage(query: QueueQueryInput, signal?: AbortSignal) {
  return apiRequest(DISPUTE_PATHS.queue(disputeQueueQuerySchema.parse(query)), {
    schema: disputeQueuePageSchema,
    signal,
  });
}

/** Queues the view's rows (its tab, filters and sort) as a CSV export job, followed and downloaded like any export. */
export const exportQueue = (view: DisputeQueueViewInput) =>
  apiRequest(DISPUTE_PATHS.queueExport(), {
    method: 'POST',
    body: runDisputeQueueExportBodySchema.parse({ view }),
    schema: exportJobSchema,
  });

export const fetchDispute = (chargebackId: number, signal?: AbortSignal) =>
  apiRequest(DISPUTE_PATHS.dispute(chargebackId), { schema: disputeDetailSchema, signal });

export const assignDispute = (chargebackId: number, assigneeId: number | null) =>
  apiRequest(DISPUTE_PATHS.action(chargebackId, 'assign'), {
    method: 'POST',
    body: assignDisputeSchema.parse({ assigneeId }),
  });

export const addDisputeNote = (chargebackId: number, body: string) =>
  apiRequest(DISPUTE_PATHS.action(chargebackId, 'notes'), { method: 'POST', body: disputeNoteSchema.parse({ body }) });

export const acceptDispute = (chargebackId: number, note?: string) =>
  apiRequest(DISPUTE_PATHS.action(chargebackId, 'accept'), {
    method: 'POST',
    body: acceptDisputeSchema.parse(note ? { note } : {}),
  });

export const representDispute = (chargebackId: number, evidenceIds: number[], note?: string) =>
  apiRequest(DISPUTE_PATHS.action(chargebackId, 'represent'), {
    method: 'POST',
    body: representDisputeSchema.parse(note ? { evidenceIds, note } : { evidenceIds }),
  });

/** Sent with the file's own type: the API checks type and size again and answers the limit if it refuses. */
export const uploadEvidence = (chargebackId: number, file: File) =>
  apiRequest(`${DISPUTE_PATHS.evidence(chargebackId)}?${new URLSearchParams({ name: file.name.slice(0, 200) })}`, {
    method: 'POST',
    body: file,
    schema: disputeEvidenceSchema,
  });

export const fetchEvidenceBytes = (chargebackId: number, evidenceId: number, signal?: AbortSignal) =>
  apiBytes(DISPUTE_PATHS.evidenceFile(chargebackId, evidenceId), { signal });
