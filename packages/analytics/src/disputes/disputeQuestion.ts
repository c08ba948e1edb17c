// What the dispute desk asks an engine: a page of one queue tab, or one dispute. The
// desk's own actions live in PostgreSQL; the API passes the chargebacks they settled, so the page the
// engine answers already leaves out a represented dispute (README "Dispute desk").
import type { DisputeQueueItem, DisputeTab } from '@payportal/shared/disputes';

export interface DisputeQueueQuestion {
  kind: 'queue';
  tab: DisputeTab;
  network?: string;
  reason?: string;
  merchantId?: number;
  minAmount?: number;
  maxAmount?: number;
  sort: 'due_date' | 'received_date' | 'amount';
  order: 'asc' | 'desc';
  limit: number;
  /** The last row of the previous page: its sort value and chargeback id. */
  after: { key: string | number; chargebackId: number } | null;
  /** Chargebacks the desk represented or accepted: none of them needs a response any more. */
  answered: readonly number[];
  /** Chargebacks the desk accepted: decided, whatever the network's events say yet. */
  accepted: readonly number[];
}

export interface DisputeRecordQuestion {
  kind: 'dispute';
  chargebackId: number;
}

export type DisputeQuestion = DisputeQueueQuestion | DisputeRecordQuestion;

export interface DisputeNetworkEvent {
  seq: number;
  date: string;
  stage: string;
  event: string;
  actor: string;
  dueDate: string | null;
}

export interface DisputeRecord {
  chargebackId: number;
  network: string;
  reasonCode: string;
  reasonCategory: string;
  /** The chargeback's stage as the processor last reported it. */
  stage: string;
  outcome: string;
  amount: number;
  receivedDate: string;
  merchant: { id: number; mid: string; name: string };
  sale: { txId: number; date: string; amount: number; cardBrand: string } | null;
  events: DisputeNetworkEvent[];
}

export interface DisputeQueueAnswer {
  /** The data's last day: the queue's "today". */
  today: string;
  /** One more than `limit` when a next page exists; each with its sort value for the cursor. */
  rows: (DisputeQueueItem & { sortKey: string | number })[];
}

export interface DisputeAnswers {
  queue: DisputeQueueAnswer;
  /** null: not a chargeback of the caller's organisation (or scope). */
  dispute: { today: string; record: DisputeRecord } | null;
}

export type DisputeAnswer<Q extends DisputeQuestion> = DisputeAnswers[Q['kind']];
