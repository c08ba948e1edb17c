// The evidence rows behind each signal's score for one merchant ($3), at most 25,
// with the columns the page shows. Bound values as in signalScoresSql.ts.
import type { Evidence, SignalId } from '@payportal/shared/merchants';
import { HIGH_RISK, inWindow, isSale, type NormsSql } from './signalScoresSql.ts';

export interface EvidenceSql {
  columns: Evidence['columns'];
  sql: NormsSql;
}

const when = { name: 'ts', label: 'Time', format: 'datetime' } as const;
const amount = { name: 'amount', label: 'Amount', format: 'money' } as const;
const text = (name: string, label: string) => ({ name, label, format: 'text' }) as const;
const sales = `from transactions where ${inWindow()} and ${isSale()}`;
const tsText = "strftime(ts, '%Y-%m-%d %H:%M')";

export const SIGNAL_EVIDENCE_SQL: Record<SignalId, EvidenceSql> = {
  volume_spike: {
    columns: [
      { name: 'day', label: 'Day', format: 'date' },
      { name: 'sales', label: 'Sales', format: 'count' },
      { name: 'gsv', label: 'Gross sales volume', format: 'money' },
      { name: 'baseline', label: 'Sales a day before', format: 'count' },
    ],
    sql: () => `select strftime(txn_date, '%Y-%m-%d'), count(*)::double, sum(amount)::double,
        round((select count(*) from transactions where org_id = $1::integer and merchant_id = $3::bigint and ${isSale()}
          and txn_date between $2::date - 59 and $2::date - 30) / 30, 1)
      ${sales} group by txn_date order by count(*) desc, txn_date limit 5`,
  },
  ticket_drift: {
    columns: [
      when,
      amount,
      text('card_brand', 'Card brand'),
      text('entry_mode', 'Entry mode'),
      { name: 'declared', label: 'Declared average ticket', format: 'money' },
    ],
    sql: () => `select ${tsText}, amount::double, card_brand, entry_mode,
        (select declared_avg_ticket::double from merchants where org_id = $1::integer and merchant_id = $3::bigint)
      ${sales} order by amount desc, tx_id limit 10`,
  },
  round_amounts: {
    columns: [when, amount, text('card_brand', 'Card brand'), text('entry_mode', 'Entry mode')],
    sql: () =>
      `select ${tsText}, amount::double, card_brand, entry_mode ${sales} and amount >= 100 and amount % 100 = 0 order by ts, tx_id limit 25`,
  },
  card_testing: {
    columns: [when, amount, text('card', 'Card'), text('decline_code', 'Decline code')],
    sql: () => `with hours as (
        select date_trunc('hour', ts) as hour, count(distinct card_hash) filter (where auth_result = 'declined') as cards from transactions
        where ${inWindow()} and not card_present and not is_refund and amount < 5 group by 1
        having count(*) filter (where auth_result = 'declined') >= 0.5 * count(*) order by cards desc, hour limit 1)
      select ${tsText}, amount::double, left(card_hash, 6) || '…', decline_code from transactions
      where ${inWindow()} and not card_present and not is_refund and amount < 5 and auth_result = 'declined'
        and date_trunc('hour', ts) = (select hour from hours) order by ts, tx_id limit 25`,
  },
  refund_mismatch: {
    columns: [when, amount, text('original', 'Original sale'), text('why', 'Why')],
    sql: () => `select strftime(r.ts, '%Y-%m-%d %H:%M'), r.amount::double, coalesce(r.original_tx_id::varchar, '—'),
        case when r.original_tx_id is null or s.tx_id is null then 'No original sale' else 'Another card than the sale' end
      from transactions r left join transactions s on s.org_id = $1::integer and s.merchant_id = $3::bigint and s.tx_id = r.original_tx_id
      where ${inWindow('r.')} and r.is_refund and (r.original_tx_id is null or s.tx_id is null or s.card_hash <> r.card_hash)
      order by r.ts, r.tx_id limit 25`,
  },
  high_risk_issuers: {
    columns: [
      text('issuer_country', 'Issuer country'),
      { name: 'sales', label: 'Sales', format: 'count' },
      { name: 'gsv', label: 'Gross sales volume', format: 'money' },
      text('high_risk', 'High-risk'),
    ],
    sql: () => `select issuer_country, count(*)::double, sum(amount)::double, case when issuer_country in (${HIGH_RISK}) then 'Yes' else 'No' end
      ${sales} and is_cross_border group by issuer_country order by issuer_country in (${HIGH_RISK}) desc, count(*) desc, issuer_country limit 25`,
  },
  off_hours: {
    columns: [when, amount, text('terminal', 'Terminal'), text('entry_mode', 'Entry mode')],
    sql: (norms) => `select strftime(t.ts, '%Y-%m-%d %H:%M'), t.amount::double, t.terminal_id::varchar, t.entry_mode
      from transactions t join merchants m using (org_id, merchant_id) join ${norms} as c on c.mcc = m.mcc and list_contains(c.closed_hours, hour(t.ts))
      where ${inWindow('t.')} and t.card_present and ${isSale('t.')} order by t.ts, t.tx_id limit 25`,
  },
};
