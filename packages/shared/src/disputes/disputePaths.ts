// The dispute desk's API: each route's pattern (what the API registers) and its path
// builder (what the app calls) side by side, so the two cannot drift apart.
import type { DisputeQueueQuery } from './disputeQueue.ts';

const base = '/api/disputes/v1';

export const DISPUTE_ROUTES = {
  queue: `${base}/queue`,
  queueExport: `${base}/queue/export`,
  dispute: `${base}/disputes/:chargebackId`,
  assign: `${base}/disputes/:chargebackId/assign`,
  accept: `${base}/disputes/:chargebackId/accept`,
  represent: `${base}/disputes/:chargebackId/represent`,
  notes: `${base}/disputes/:chargebackId/notes`,
  /** POST the file itself (Content-Type its type); GET one stored file. */
  evidence: `${base}/disputes/:chargebackId/evidence`,
  evidenceFile: `${base}/disputes/:chargebackId/evidence/:evidenceId`,
} as const;

export const DISPUTE_PATHS = {
  /** GET: a page of one tab of the queue, filtered and sorted; `cursor` continues after the last page. */
  queue: (query: Partial<DisputeQueueQuery>) =>
    `${base}/queue?${new URLSearchParams(
      Object.entries(query)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    )}`,
  /** POST: the queue's view as a CSV export job (202), followed through the exports' job routes. */
  queueExport: () => DISPUTE_ROUTES.queueExport,
  /** GET: the dispute with its timeline, sale, merchant, evidence and notes. */
  dispute: (chargebackId: number) => `${base}/disputes/${chargebackId}`,
  /** POST an action on the dispute. */
  action: (chargebackId: number, action: 'assign' | 'accept' | 'represent' | 'notes') =>
    `${base}/disputes/${chargebackId}/${action}`,
  /** POST a file (the body, with its Content-Type): answers the stored evidence, whose id a representment names. */
  evidence: (chargebackId: number) => `${base}/disputes/${chargebackId}/evidence`,
  evidenceFile: (chargebackId: number, evidenceId: number) => `${base}/disputes/${chargebackId}/evidence/${evidenceId}`,
} as const;
