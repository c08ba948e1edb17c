// Where a dispute stands once the network's events and the desk's answers are merged: the rule the
// queue's tabs and every action's refusals share (README "Dispute desk").
import { addDays, type DisputeRecord } from '@payportal/analytics';

const ANSWER_ASKED = new Set(['received', 'pre_arbitration_received']);
const ENDS = new Set(['accepted', 'expired', 'reversed', 'ruled_won', 'ruled_lost']);

export interface DisputeState {
  status: 'needs_response' | 'awaiting' | 'decided';
  /** The open stage's due date while the acquirer's answer is awaited; null otherwise. */
  dueDate: string | null;
  /** The stage of the last network event. */
  stage: string;
}

export function disputeState(record: DisputeRecord, answer: 'accept' | 'represent' | null): DisputeState {
  const last = record.events.at(-1);
  const stage = last?.stage ?? record.stage;
  if ((last && ENDS.has(last.event)) || answer === 'accept') return { status: 'decided', dueDate: null, stage };
  if (last && ANSWER_ASKED.has(last.event) && answer === null)
    return { status: 'needs_response', dueDate: last.dueDate, stage };
  return { status: 'awaiting', dueDate: null, stage };
}

/** The internal cut-off: `days` before the due date. */
export const cutoffOf = (dueDate: string | null, days: number) => (dueDate === null ? null : addDays(dueDate, -days));
