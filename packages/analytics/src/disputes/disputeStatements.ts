// The dispute desk's statements, written once for DuckDB and ClickHouse 18.16: values through the
// compiler dialect's binder (parameters in DuckDB, literals in ClickHouse), one JOIN per SELECT, no
// window functions. The queue reads each chargeback's last event; the tabs are README "Dispute desk".
import type { Binder, Dialect } from '../compiler/dialect.ts';
import { merchantScopeSql } from '../compiler/merchantScope.ts';
import type { DisputeQueueQuestion } from './disputeQuestion.ts';

/** Where the engines' SQL differs beyond the compiler dialect. */
export interface DisputeDialect {
  dialect: Dialect;
  /** The value of the row with the largest `by` in the group. */
  argMax: (value: string, by: string) => string;
}

export const DUCKDB_DISPUTES: Omit<DisputeDialect, 'dialect'> = {
  argMax: (value, by) => `arg_max(${value}, ${by})`,
};
export const CLICKHOUSE_DISPUTES: Omit<DisputeDialect, 'dialect'> = {
  argMax: (value, by) => `argMax(${value}, ${by})`,
};

/** Events that ask the acquirer to answer by their due date. */
export const ANSWER_ASKED = ['received', 'pre_arbitration_received'] as const;
/** Events that end a dispute. */
export const DISPUTE_ENDS = ['accepted', 'expired', 'reversed', 'ruled_won', 'ruled_lost'] as const;

export interface Statement {
  sql: string;
  binder: Binder;
}

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
/** Chargeback ids from PostgreSQL, each a safe integer checked here, as an IN list (never caller text). */
const idsIn = (ids: readonly number[]) => {
  if (ids.some((id) => !Number.isSafeInteger(id))) throw new TypeError('a chargeback id is not an integer');
  return ids.length ? `chargeback_id in (${ids.join(', ')})` : '0 = 1';
};
const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The organisation's merchants, narrowed to the caller's node when scoped (the compiler's one scope condition). */
function scoped(binder: Binder, orgId: number, node: string | undefined): { org: string; merchants: string } {
  const org = binder.value(orgId, 'integer');
  const merchants =
    node === undefined
      ? ''
      : ` and merchant_id in (select merchant_id from merchant_dim where ${merchantScopeSql(org, binder.value(node, 'string'))})`;
  return { org, merchants };
}

/**
 * The data's last day, the desk's "today" (the generator's "yesterday"): datasets.last_day, or for a
 * dataset of whole months the last day of end_month (todayOf reads the row).
 */
export function todayStatement(d: DisputeDialect, orgId: number): Statement {
  const binder = d.dialect.binder();
  return {
    sql: `select ${d.dialect.dateText('last_day')}, ${d.dialect.dateText('end_month')} from datasets where org_id = ${binder.value(orgId, 'integer')}`,
    binder,
  };
}

/** A page of one tab: limit + 1 rows, sorted by the question's key then the chargeback id. */
export function queueStatement(
  d: DisputeDialect,
  orgId: number,
  node: string | undefined,
  today: string,
  q: DisputeQueueQuestion,
): Statement {
  const { dialect } = d;
  const binder = dialect.binder();
  const { org, merchants } = scoped(binder, orgId, node);
  const filters = [
    q.network !== undefined && `network = ${binder.value(q.network, 'string')}`,
    q.reason !== undefined && `reason_code = ${binder.value(q.reason, 'string')}`,
    q.merchantId !== undefined && `merchant_id = ${binder.value(q.merchantId, 'number')}`,
    q.minAmount !== undefined && `${dialect.toDouble('amount')} >= ${binder.value(q.minAmount, 'number')}`,
    q.maxAmount !== undefined && `${dialect.toDouble('amount')} <= ${binder.value(q.maxAmount, 'number')}`,
  ].filter(Boolean);
  // only the tab asked binds its values (DuckDB refuses a parameter the text does not use)
  const needing = () => `last_event in (${list(ANSWER_ASKED)}) and not (${idsIn(q.answered)})`;
  const tabs: Record<DisputeQueueQuestion['tab'], () => string> = {
    needs_response: () => `${needing()} and last_due >= ${binder.value(today, 'date')}`,
    due_3d: () =>
      `${needing()} and last_due >= ${binder.value(today, 'date')} and last_due <= ${binder.value(addDays(today, 3), 'date')}`,
    overdue: () => `${needing()} and last_due < ${binder.value(today, 'date')}`,
    decided: () => `(last_event in (${list(DISPUTE_ENDS)}) or ${idsIn(q.accepted)})`,
  };
  const tab = tabs[q.tab]();
  const key = {
    // the decided tab has no due date: it sorts by the day of its last event
    due_date: q.tab === 'decided' ? 'last_date' : 'last_due',
    received_date: 'received_date',
    amount: dialect.toDouble('amount'),
  }[q.sort];
  const conditions = [tab];
  if (q.after) {
    const value = binder.value(q.after.key, q.sort === 'amount' ? 'number' : 'date');
    const id = binder.value(q.after.chargebackId, 'number');
    const beyond = q.order === 'asc' ? '>' : '<';
    conditions.push(`(sort_key ${beyond} ${value} or (sort_key = ${value} and chargeback_id ${beyond} ${id}))`);
  }
  const sql = `select chargeback_id, network, last_stage, reason_code, merchant_id, ${dialect.toDouble('amount')},
      ${dialect.dateText('received_date')}, ${q.tab === 'decided' ? 'null' : dialect.dateText('last_due')},
      ${q.sort === 'amount' ? 'sort_key' : dialect.dateText('sort_key')}
    from (select *, ${key} as sort_key
      from (select chargeback_id, ${d.argMax('event', 'seq')} as last_event, ${d.argMax('stage', 'seq')} as last_stage,
          ${d.argMax('due_date', 'seq')} as last_due, max(event_date) as last_date
        from dispute_events where org_id = ${org} group by chargeback_id) ${dialect.innerJoin}
        (select chargeback_id, network, reason_code, merchant_id, amount, received_date
          from chargebacks where org_id = ${org}${merchants}${filters.map((f) => ` and ${f}`).join('')}) using (chargeback_id)) as q
    where ${conditions.join(' and ')}
    order by sort_key ${q.order}, chargeback_id ${q.order}
    limit ${q.limit + 1}`;
  return { sql, binder };
}

/** The chargeback (within the caller's scope), its merchant's id and its sale's keys. */
export function chargebackStatement(
  d: DisputeDialect,
  orgId: number,
  node: string | undefined,
  chargebackId: number,
): Statement {
  const binder = d.dialect.binder();
  const { org, merchants } = scoped(binder, orgId, node);
  return {
    sql: `select chargeback_id, network, reason_code, reason_category, stage, outcome, ${d.dialect.toDouble('amount')},
        ${d.dialect.dateText('received_date')}, merchant_id, tx_id, ${d.dialect.dateText('sale_date')}
      from chargebacks where org_id = ${org} and chargeback_id = ${binder.value(chargebackId, 'number')}${merchants}`,
    binder,
  };
}

export function eventsStatement(d: DisputeDialect, orgId: number, chargebackId: number): Statement {
  const binder = d.dialect.binder();
  return {
    sql: `select seq, ${d.dialect.dateText('event_date')}, stage, event, actor, ${d.dialect.dateText('due_date')}
      from dispute_events where org_id = ${binder.value(orgId, 'integer')} and chargeback_id = ${binder.value(chargebackId, 'number')}
      order by seq`,
    binder,
  };
}

export function merchantStatement(d: DisputeDialect, orgId: number, merchantId: number): Statement {
  const binder = d.dialect.binder();
  return {
    sql: `select mid, dba_name from merchants where org_id = ${binder.value(orgId, 'integer')} and merchant_id = ${binder.value(merchantId, 'number')}`,
    binder,
  };
}

/** The disputed sale, found on its day (the sales are ordered by day in both engines). */
export function saleStatement(d: DisputeDialect, orgId: number, txId: number, saleDate: string): Statement {
  const binder = d.dialect.binder();
  return {
    sql: `select tx_id, ${d.dialect.dateText('txn_date')}, ${d.dialect.toDouble('amount')}, card_brand from transactions
      where org_id = ${binder.value(orgId, 'integer')} and txn_date = ${binder.value(saleDate, 'date')} and tx_id = ${binder.value(txId, 'number')}`,
    binder,
  };
}

/** todayStatement's row as a day: last_day, else the end of end_month. */
export function todayOf(row: unknown[] | undefined): string | null {
  if (!row) return null;
  const [lastDay, endMonth] = row.map((cell) =>
    cell === null || cell === undefined ? null : String(cell).slice(0, 10),
  );
  if (lastDay) return lastDay;
  if (!endMonth) return null;
  const [year, month] = endMonth.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}
