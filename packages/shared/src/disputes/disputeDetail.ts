// One dispute as GET /api/disputes/v1/disputes/{chargebackId} answers it: the network's events merged
// with the desk's own actions, the due date and the internal cut-off, the disputed sale, the merchant,
// the evidence checklist of its reason category, notes and evidence.
import { z } from 'zod';
import { DISPUTE_NETWORKS, DISPUTE_STAGES } from './disputeQueue.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const person = z.object({ id: z.number(), name: z.string() });

export const DISPUTE_CATEGORIES = ['fraud', 'authorization', 'processing', 'consumer'] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

/**
 * What a representment of each reason category usually carries (model, after the networks' dispute
 * guides): the detail page ticks them off; the API does not enforce them.
 */
export const EVIDENCE_CHECKLIST: Record<DisputeCategory, readonly string[]> = {
  fraud: [
    'Authorisation record with 3-D Secure or chip (EMV) result',
    'AVS and CVV2 match results',
    'Proof of delivery to the cardholder’s billing address',
    'Prior undisputed transactions with the same card',
  ],
  authorization: ['Approved authorisation code for the amount', 'Authorisation date within the allowed window'],
  processing: [
    'Transaction receipt with amount, currency and date',
    'Proof the sale was not processed twice',
    'Credit or refund records, if any',
  ],
  consumer: [
    'Proof of delivery or service rendered',
    'Terms and cancellation policy the cardholder accepted',
    'Correspondence with the cardholder',
    'Refund or credit already issued, if any',
  ],
};

/** Where the dispute stands for the desk: awaiting the acquirer's answer, awaiting the other side, or decided. */
export const DISPUTE_STATUSES = ['needs_response', 'awaiting', 'decided'] as const;

export const disputeTimelineEntrySchema = z.object({
  date: day,
  /** network: the processor's event (dispute_events); desk: an action taken here. */
  source: z.enum(['network', 'desk']),
  stage: z.enum(DISPUTE_STAGES).nullable(),
  /** received, represented, …, ruled_lost; or assign, note, accept, represent, evidence for the desk. */
  event: z.string(),
  /** issuer, acquirer, network; or the user's name for the desk. */
  actor: z.string(),
  due_date: day.nullable(),
});

export const disputeNoteItemSchema = z.object({
  id: z.number(),
  body: z.string(),
  author: person,
  created_at: z.string(),
});

export const disputeEvidenceSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  bytes: z.number(),
  created_at: z.string(),
  /** GET: the file itself (disputes users and owners only). */
  url: z.string(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeActionItemSchema = z.object({
  id: z.number(),
  action: z.enum(['assign', 'note', 'accept', 'represent', 'evidence']),
  user: person,
  created_at: z.string(),
});

export const disputeDetailSchema = z.object({
  chargeback_id: z.number(),
  network: z.enum(DISPUTE_NETWORKS),
  stage: z.enum(DISPUTE_STAGES),
  status: z.enum(DISPUTE_STATUSES),
  reason_code: z.string(),
  reason_category: z.enum(DISPUTE_CATEGORIES),
  amount: z.number(),
  received_date: day,
  /** The open stage's due date; null once answered or decided. */
  due_date: day.nullable(),
  /** The internal cut-off: the due date less the API's DISPUTE_CUTOFF_DAYS (7 by default). */
  cutoff_date: day.nullable(),
  /** The data's last day, from which the days left count. */
  today: day,
  sale: z.object({ tx_id: z.number(), date: day, amount: z.number(), card_brand: z.string() }).nullable(),
  merchant: z.object({ id: z.number(), mid: z.string(), name: z.string() }),
  timeline: z.array(disputeTimelineEntrySchema),
  checklist: z.array(z.string()),
  assignee: person.nullable(),
  notes: z.array(disputeNoteItemSchema),
  actions: z.array(disputeActionItemSchema),
  /** Only for disputes users and owners; null for the others. */
  evidence: z.array(disputeEvidenceSchema).nullable(),
  /** Whether the caller may act (assign, note, accept, represent, add evidence). */
  can_act: z.boolean(),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;
