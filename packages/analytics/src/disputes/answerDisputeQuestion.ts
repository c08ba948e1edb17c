// Runs a dispute desk question on an engine and shapes its rows (disputeStatements.ts holds the SQL).
import type { DisputeQueueItem } from '@payportal/shared/disputes';
import type { FilterValue, ValueType } from '../compiler/dialect.ts';
import type { DisputeAnswer, DisputeNetworkEvent, DisputeQuestion, DisputeRecord } from './disputeQuestion.ts';
import {
  chargebackStatement,
  eventsStatement,
  merchantStatement,
  queueStatement,
  saleStatement,
  todayOf,
  todayStatement,
  type DisputeDialect,
  type Statement,
} from './disputeStatements.ts';

export interface DisputeContext {
  disputes: DisputeDialect;
  orgId: number;
  /** The caller's portfolio node, when scoped (QueryScope.node). */
  node?: string;
  /** False when the organisation has no dataset. */
  hasData: boolean;
  run: (sql: string, params: FilterValue[], types: ValueType[]) => Promise<unknown[][]>;
}

const text = (value: unknown) => String(value);
const day = (value: unknown) => (value === null || value === undefined ? null : String(value).slice(0, 10));

export async function answerDisputeQuestion<Q extends DisputeQuestion>(
  question: Q,
  context: DisputeContext,
): Promise<DisputeAnswer<Q>> {
  return (await answer(question, context)) as DisputeAnswer<Q>;
}

async function answer(question: DisputeQuestion, context: DisputeContext): Promise<unknown> {
  const { disputes: d, orgId, node } = context;
  const run = ({ sql, binder }: Statement) => context.run(sql, binder.params, binder.types);
  const today = context.hasData ? todayOf((await run(todayStatement(d, orgId)))[0]) : null;
  if (question.kind === 'queue') {
    if (!today) return { today: new Date().toISOString().slice(0, 10), rows: [] };
    const rows = await run(queueStatement(d, orgId, node, today, question));
    return {
      today,
      rows: rows.map(([id, network, stage, reason, merchant, amount, received, due, key]) => ({
        chargeback_id: Number(id),
        network: text(network) as DisputeQueueItem['network'],
        stage: text(stage) as DisputeQueueItem['stage'],
        reason_code: text(reason),
        merchant_id: Number(merchant),
        amount: Number(amount),
        received_date: day(received)!,
        due_date: day(due),
        sortKey: question.sort === 'amount' ? Number(key) : day(key)!,
      })),
    };
  }
  if (!today) return null;
  const [row] = await run(chargebackStatement(d, orgId, node, question.chargebackId));
  if (!row) return null;
  const [id, network, reason, category, stage, outcome, amount, received, merchantId, txId, saleDate] = row;
  const [[mid, name] = ['', ''], events, sale] = await Promise.all([
    run(merchantStatement(d, orgId, Number(merchantId))).then((rows) => rows[0] ?? ['', '']),
    run(eventsStatement(d, orgId, Number(id))),
    txId === null || txId === undefined
      ? Promise.resolve([])
      : run(saleStatement(d, orgId, Number(txId), day(saleDate)!)),
  ]).then(([merchant, events, sale]) => [merchant, events, sale] as const);
  const record: DisputeRecord = {
    chargebackId: Number(id),
    network: text(network),
    reasonCode: text(reason),
    reasonCategory: text(category),
    stage: text(stage),
    outcome: text(outcome),
    amount: Number(amount),
    receivedDate: day(received)!,
    merchant: { id: Number(merchantId), mid: text(mid), name: text(name) },
    sale: sale[0]
      ? { txId: Number(sale[0][0]), date: day(sale[0][1])!, amount: Number(sale[0][2]), cardBrand: text(sale[0][3]) }
      : null,
    events: events.map(([seq, date, eventStage, event, actor, due]): DisputeNetworkEvent => ({
      seq: Number(seq),
      date: day(date)!,
      stage: text(eventStage),
      event: text(event),
      actor: text(actor),
      dueDate: day(due),
    })),
  };
  return { today, record };
}
