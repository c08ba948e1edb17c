// GET disputes/{id}'s answer: the engine's record merged with the desk's actions and evidence.
import type { DisputeRecord } from '@payportal/analytics';
import {
  DISPUTE_PATHS,
  EVIDENCE_CHECKLIST,
  disputeDetailSchema,
  type DisputeCategory,
  type DisputeDetail,
} from '@payportal/shared/disputes';
import type { DisputeActionRow, DisputeEvidenceRow } from './disputeRepository.ts';
import { cutoffOf, disputeState } from './disputeState.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export interface DetailParts {
  today: string;
  record: DisputeRecord;
  actions: DisputeActionRow[];
  /** null: the caller may not see evidence. */
  evidence: DisputeEvidenceRow[] | null;
  canAct: boolean;
  cutoffDays: number;
}

export function answerOf(action: DisputeActionRow[]): 'accept' | 'represent' | null {
  const found = action.find((row) => row.action === 'accept' || row.action === 'represent');
  return found ? (found.action as 'accept' | 'represent') : null;
}

export function disputeDetail({ today, record, actions, evidence, canAct, cutoffDays }: DetailParts): DisputeDetail {
  const state = disputeState(record, answerOf(actions));
  const assigned = actions.filter((row) => row.action === 'assign').at(-1);
  const timeline = [
    ...record.events.map((event) => ({
      date: event.date,
      source: 'network' as const,
      stage: event.stage,
      event: event.event,
      actor: event.actor,
      due_date: event.dueDate,
    })),
    // evidence stays out of the timeline for callers who may not see it
    ...actions
      .filter((row) => evidence !== null || row.action !== 'evidence')
      .map((row) => ({
        date: iso(row.at).slice(0, 10),
        source: 'desk' as const,
        stage: null,
        event: row.action,
        actor: row.user_name,
        due_date: null,
      })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return disputeDetailSchema.parse({
    chargeback_id: record.chargebackId,
    network: record.network,
    stage: state.stage,
    status: state.status,
    reason_code: record.reasonCode,
    reason_category: record.reasonCategory,
    amount: record.amount,
    received_date: record.receivedDate,
    due_date: state.dueDate,
    cutoff_date: cutoffOf(state.dueDate, cutoffDays),
    today,
    sale: record.sale && {
      tx_id: record.sale.txId,
      date: record.sale.date,
      amount: record.sale.amount,
      card_brand: record.sale.cardBrand,
    },
    merchant: record.merchant,
    timeline,
    checklist: [...(EVIDENCE_CHECKLIST[record.reasonCategory as DisputeCategory] ?? [])],
    assignee: assigned?.assignee_id != null ? { id: assigned.assignee_id, name: assigned.assignee_name ?? '' } : null,
    notes: actions
      .filter((row) => row.action === 'note')
      .map((row) => ({
        id: Number(row.id),
        body: row.body ?? '',
        author: { id: row.user_id, name: row.user_name },
        created_at: iso(row.at),
      })),
    actions: actions
      .filter((row) => evidence !== null || row.action !== 'evidence')
      .map((row) => ({
        id: Number(row.id),
        action: row.action,
        user: { id: row.user_id, name: row.user_name },
        created_at: iso(row.at),
      })),
    evidence:
      evidence?.map((row) => ({
        id: Number(row.id),
        file_name: row.file_name,
        content_type: row.content_type,
        bytes: Number(row.bytes),
        created_at: iso(row.at),
        url: DISPUTE_PATHS.evidenceFile(record.chargebackId, Number(row.id)),
      })) ?? null,
    can_act: canAct,
  });
}
