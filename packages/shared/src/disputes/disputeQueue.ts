// The dispute queue's request and answer: the tabs, filters, sort and cursor the API accepts, and the
// rows it returns. Every dispute is named by its chargeback id.
import { z } from 'zod';

/** The queue's tabs with their labels (character for character). */
export const DISPUTE_TABS = {
  needs_response: 'Needs response',
  due_3d: 'Due within 3 days',
  overdue: 'Overdue',
  decided: 'Decided',
} as const;
export type DisputeTab = keyof typeof DISPUTE_TABS;

export const DISPUTE_NETWORKS = ['visa', 'mastercard', 'amex', 'discover'] as const;
export const DISPUTE_STAGES = ['first', 'pre_arbitration', 'arbitration'] as const;
export const DISPUTE_SORTS = ['due_date', 'received_date', 'amount'] as const;

/** Rows per page unless the caller asks fewer (the API never answers more). */
export const DISPUTE_PAGE_SIZE = 50;

export const chargebackIdSchema = z.coerce
  .number({ error: 'must be a chargeback id' })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

export const disputeParamsSchema = z.strictObject({ chargebackId: chargebackIdSchema });

const amount = z.coerce.number().nonnegative().max(1e15);

/** What a person sees of the queue: its tab, filters and sort (a page of it adds `limit` and `cursor`). */
const queueView = {
  tab: z.enum(Object.keys(DISPUTE_TABS) as [DisputeTab, ...DisputeTab[]]),
  network: z.enum(DISPUTE_NETWORKS).optional(),
  reason: z.string().trim().min(1).max(16).optional(),
  merchant: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  minAmount: amount.optional(),
  maxAmount: amount.optional(),
  sort: z.enum(DISPUTE_SORTS).default('due_date'),
  order: z.enum(['asc', 'desc']).default('asc'),
};
const amountsInOrder = (query: { minAmount?: number; maxAmount?: number }) =>
  query.minAmount === undefined || query.maxAmount === undefined || query.minAmount <= query.maxAmount;
const amountsInOrderIssue = { message: 'minAmount must not be above maxAmount', path: ['minAmount'] };

/** The view a CSV export of the queue carries: every row of it, in its order. */
export const disputeQueueViewSchema = z.strictObject(queueView).refine(amountsInOrder, amountsInOrderIssue);
export type DisputeQueueView = z.infer<typeof disputeQueueViewSchema>;
export type DisputeQueueViewInput = z.input<typeof disputeQueueViewSchema>;

export const disputeQueueQuerySchema = z
  .strictObject({
    ...queueView,
    limit: z.coerce.number().int().min(1).max(DISPUTE_PAGE_SIZE).default(DISPUTE_PAGE_SIZE),
    /** Opaque: the API's encoding of the last row's sort key. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/)
      .optional(),
  })
  .refine(amountsInOrder, amountsInOrderIssue);
export type DisputeQueueQuery = z.infer<typeof disputeQueueQuerySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const disputeQueueItemSchema = z.object({
  chargeback_id: z.number(),
  network: z.enum(DISPUTE_NETWORKS),
  stage: z.enum(DISPUTE_STAGES),
  reason_code: z.string(),
  merchant_id: z.number(),
  amount: z.number(),
  received_date: day,
  /** The open stage's due date; null once decided. */
  due_date: day.nullable(),
});
export type DisputeQueueItem = z.infer<typeof disputeQueueItemSchema>;

export const disputeQueuePageSchema = z.object({
  items: z.array(disputeQueueItemSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** The data's last day, from which the tabs and each row's days left count (never the browser's clock). */
  today: day,
});
export type DisputeQueuePage = z.infer<typeof disputeQueuePageSchema>;
