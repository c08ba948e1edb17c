// The dispute detail page's answer (`GET disputes/{id}`) and the evidence files' routes (issue #44).
// Proposed by the screens' side where the first contract was silent; the API answers in this shape.
import { z } from 'zod';
import { DISPUTE_NETWORKS, DISPUTE_STAGES } from './disputeQueue.ts';

const base = '/api/disputes/v1';
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Visa's four groups (10.x fraud, 11.x authorisation, 12.x processing, 13.x consumer); other networks map onto them. */
export const REASON_CATEGORIES = ['fraud', 'authorisation', 'processing', 'consumer'] as const;
export const DISPUTE_STATES = ['open', 'represented', 'accepted', 'won', 'lost', 'expired'] as const;

export const disputeEventSchema = z.object({
  seq: z.number(),
  event_date: day,
  stage: z.enum(DISPUTE_STAGES),
  /** received, represented, accepted, expired, reversed, pre_arbitration_received, … (GENERATOR.md). */
  event: z.string(),
  /** 'issuer', 'acquirer', 'merchant', or the portal user who acted. */
  actor: z.string(),
  due_date: day.nullable(),
});

export const evidenceFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  uploaded_at: z.string(),
});
export type EvidenceFile = z.infer<typeof evidenceFileSchema>;

export const disputeNoteItemSchema = z.object({
  id: z.number(),
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const disputeDetailSchema = z.object({
  chargeback_id: z.number(),
  network: z.enum(DISPUTE_NETWORKS),
  stage: z.enum(DISPUTE_STAGES),
  state: z.enum(DISPUTE_STATES),
  reason_code: z.string(),
  reason_category: z.enum(REASON_CATEGORIES),
  amount: z.number(),
  received_date: day,
  /** The network's due date of the open stage; null once decided or answered. */
  due_date: day.nullable(),
  /** The organisation's internal cut-off (a setting, default 7 days before the due date). */
  cutoff_date: day.nullable(),
  assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  sale: z.object({ transaction_id: z.union([z.number(), z.string()]), transaction_date: day, amount: z.number() }),
  merchant: z.object({ id: z.number(), name: z.string() }),
  events: z.array(disputeEventSchema),
  /** Empty for callers who may not see evidence (only `disputes` users and owners may). */
  evidence: z.array(evidenceFileSchema),
  notes: z.array(disputeNoteItemSchema),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;

export const EVIDENCE_PATHS = {
  /** POST the file's bytes (Content-Type its type, `?name=` its file name): answers an evidenceFileSchema. */
  upload: (chargebackId: number, name: string) =>
    `${base}/disputes/${chargebackId}/evidence?${new URLSearchParams({ name })}`,
  /** GET the file's bytes (bearer token in the header, as the document viewer reads a PDF). */
  content: (chargebackId: number, evidenceId: number) => `${base}/disputes/${chargebackId}/evidence/${evidenceId}`,
} as const;
