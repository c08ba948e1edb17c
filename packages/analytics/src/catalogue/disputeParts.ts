// The dispute desk's parts: counted over one row per chargeback with its dispute events
// summed up (the last event, its stage and due date, whether it was represented), read raw only, never
// from the merchant_daily rollup (whose columns are PARTS'). "Today" is the data's last day (`data_end`:
// datasets.last_day, or end_month's last day for a dataset of whole months), the generator's "yesterday".
import type { Dialect } from '../compiler/dialect.ts';

export interface DisputePart {
  source: 'disputes';
  kind: 'count' | 'sum';
  expression?: string;
  condition?: string;
  money: boolean;
}

const ENDS = "'accepted', 'expired', 'reversed', 'ruled_won', 'ruled_lost'";
/** Awaiting the acquirer's answer: the last event asks for one (the bench's "Needs response"). */
const needing = "last_event in ('received', 'pre_arbitration_received')";
const count = (condition?: string): DisputePart => ({ source: 'disputes', kind: 'count', condition, money: false });
const sum = (condition?: string): DisputePart => ({
  source: 'disputes',
  kind: 'sum',
  expression: 'amount',
  condition,
  money: true,
});

export const DISPUTE_PARTS = {
  disputes_received: count(),
  disputes_open: count(`last_event not in (${ENDS})`),
  disputes_due_3d: count(`${needing} and last_due >= data_end and last_due <= data_end + 3`),
  disputes_overdue: count(`${needing} and last_due < data_end`),
  disputes_represented: count('represented = 1'),
  // fought: represented and decided; the same rule as bench:disputes' fought win rate
  disputes_fought: count("represented = 1 and outcome <> 'pending'"),
  disputes_fought_won: count("represented = 1 and outcome = 'won'"),
  disputes_amount: sum(),
  disputes_amount_won: sum("outcome = 'won'"),
} as const satisfies Record<string, DisputePart>;

export type DisputePartId = keyof typeof DISPUTE_PARTS;
export const DISPUTE_PART_IDS = Object.keys(DISPUTE_PARTS) as DisputePartId[];

/** The disputes source for one organisation (`org`: its bound value): chargebacks joined to their events' summary. */
export function disputesTable(org: string, dialect: Dialect): string {
  const dataEnd = `(select coalesce(last_day, ${dialect.lastDayOfMonth('end_month')}) from datasets where org_id = ${org})`;
  return `(select *, ${dataEnd} as data_end
    from (select org_id, chargeback_id, merchant_id, received_date, network, reason_code, reason_category, amount, outcome
        from chargebacks where org_id = ${org}) ${dialect.innerJoin}
      (select chargeback_id, ${dialect.argMax('event', 'seq')} as last_event, ${dialect.argMax('stage', 'seq')} as stage,
          ${dialect.argMax('due_date', 'seq')} as last_due, max(case when event = 'represented' then 1 else 0 end) as represented
        from dispute_events where org_id = ${org} group by chargeback_id) using (chargeback_id))`;
}
