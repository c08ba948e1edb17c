// Known AML and card-testing cases, planted so the detector has something to find
// and tests can prove it finds every one: one merchant per signal, chosen by hash among processing,
// established merchants with at least 30 sales in the 30 days before the plant day (card testing: any
// e-commerce merchant with a sale then), and recorded in
// planted_signals (which the detector never reads). Planted rows are copies of the merchant's own sales
// of those 30 days with the case's changes, priced again by fees.ts, so the fee rules hold on every row.
// The plant day is the first day of the dataset's last month: inside the signals' 30-day window
// whenever "today" is in that month (days 1–30). README.md, "Planted AML cases", lists each case.
import type { DuckDBConnection } from '@duckdb/node-api';
import { HIGH_RISK_ISSUER_COUNTRIES, type SignalId } from '@payportal/shared/merchants';
import { declinedSchemeFeeSql, interchangeFeeSql, merchantFeeSql, schemeFeeSql } from './fees.ts';
import { ordinarySale, PLANTED_ID_OFFSET, TX_ID_BASE, type GenerationContext } from './generationContext.ts';
import { TRANSACTION_COLUMNS } from './generateSales.ts';
import { uniform } from './random.ts';
import { sqlList } from './sql.ts';

/** The cases that copy a share of the merchant's sales need a merchant with a sale a day. */
const ESTABLISHED = 'recent_sales >= 30';

interface PlantedCase {
  signal: SignalId;
  /** Which candidates may carry it. */
  eligible: string;
  /** Which donor sales are copied (n = donor's number, 1 … recent_sales). */
  rows: string;
  /** Copies of each donor (copy = 0 … copies − 1); default 1. */
  copies?: number;
  /** Columns of transactions replaced in the copies (others are the donor's). */
  changes: Partial<Record<(typeof TRANSACTION_COLUMNS)[number], string>>;
}

/** `hh:mm:ss` offsets on the plant day, spread by the donor's number. */
const at = (hour: number, spreadSeconds: number) =>
  `plant_day + to_hours(${hour}) + to_seconds((n * 37) % ${spreadSeconds})`;

const CASES: readonly PlantedCase[] = [
  {
    // a burst of tiny declined e-commerce attempts, each from a new card, within one hour at night
    signal: 'card_testing',
    // any e-commerce merchant with a sale in the 30 days: the attempts are 120 copies of its first one
    eligible: "channel_profile <> 'cp'",
    rows: 'n = 1',
    copies: 120,
    changes: {
      ts: 'plant_day + to_hours(2) + to_seconds(copy * 29)',
      amount: 'round(0.5 + (copy % 150) / 100, 2)',
      entry_mode: "'ecom'",
      card_present: 'false',
      three_ds: 'false',
      avs_result: "'no_match'",
      auth_result: "'declined'",
      decline_code: "case copy % 4 when 0 then '05' when 1 then '14' when 2 then '54' else '51' end",
      card_hash: "lpad(lower(hex(hash(tx_id, copy, 'planted card'))), 16, '0')",
      terminal_id: 'merchant_id * 10 + 9',
      settled: 'false',
      settle_date: 'null',
      settle_delay_days: 'null',
      interchange_program_id: 'null',
      target_program_id: 'null',
      is_downgraded: 'false',
    },
  },
  // the merchant's last 7 days of sales again, all on the plant day
  {
    signal: 'volume_spike',
    eligible: ESTABLISHED,
    rows: 'txn_date >= plant_day - 7',
    changes: { ts: 'plant_day + (ts - txn_date::timestamp)' },
  },
  // a fifth as many sales again as the 30 days held (at least 30), so the share clears 10 % at a merchant of any size
  {
    signal: 'round_amounts',
    eligible: ESTABLISHED,
    rows: 'n <= greatest(30, recent_sales / 5)',
    changes: { ts: at(12, 28800), amount: '100 * (1 + n % 9)' },
  },
  // half as many sales again as the 30 days held, at about five times the declared ticket
  {
    signal: 'ticket_drift',
    eligible: ESTABLISHED,
    rows: 'n <= recent_sales / 2',
    changes: { ts: at(10, 36000), amount: 'round(declared_avg_ticket * (4.5 + (n % 10) / 10) + 0.37, 2)' },
  },
  // refunds on the plant day: half point at no sale, half at a sale but pay another card
  {
    signal: 'refund_mismatch',
    eligible: ESTABLISHED,
    rows: 'n <= 8',
    changes: {
      ts: at(15, 7200),
      is_refund: 'true',
      original_tx_id: 'case when n % 2 = 0 then null else tx_id end',
      card_hash: "lpad(lower(hex(hash(tx_id, 'refund card'))), 16, '0')",
      interchange_program_id: 'null',
      target_program_id: 'null',
      is_downgraded: 'false',
      settle_delay_days: '0',
    },
  },
  // a quarter as many sales again as the 30 days held, on cards from high-risk countries
  {
    signal: 'high_risk_issuers',
    eligible: ESTABLISHED,
    rows: 'n <= greatest(15, recent_sales / 4) and not regulated_debit',
    changes: {
      ts: at(14, 36000),
      is_cross_border: 'true',
      issuer_country: `${sqlList([...HIGH_RISK_ISSUER_COUNTRIES])}[1 + n % ${HIGH_RISK_ISSUER_COUNTRIES.length}]`,
    },
  },
  // card-present sales between 3 and 4 in the morning at a shop whose MCC is closed then
  // only where the detector has the MCC's hours to compare with: 1,000 card-present sales in the 180 days before its
  // 30-day window (signalScoresSql.ts), counted here over days the norms of any "today" in the plant month cover
  {
    signal: 'off_hours',
    eligible: `${ESTABLISHED} and channel_profile = 'cp' and hours in ('retail', 'office') and mcc in (select g.mcc from transactions s join gen_merchants g using (merchant_id)
      where s.card_present and s.auth_result = 'approved' and not s.is_refund and s.txn_date between plant_day - 180 and plant_day - 30 group by g.mcc having count(*) >= 1000)`,
    // a twentieth as many sales again as the 30 days held (at least 20), so the share clears 2 % at any size
    rows: 'n <= greatest(20, recent_sales / 20)',
    changes: { ts: at(3, 3600) },
  },
];

export async function plantAmlCases(
  connection: DuckDBConnection,
  ctx: GenerationContext,
  plantDay: string,
): Promise<void> {
  const org = ctx.orgId;
  await connection.run(`create or replace temp table gen_plant_donors as
    with recent as (
      select t.*, date '${plantDay}' as plant_day, m.channel_profile, m.hours, m.declared_avg_ticket, m.mcc,
        row_number() over (partition by t.merchant_id order by t.tx_id) as n, count(*) over (partition by t.merchant_id) as recent_sales
      from transactions t join gen_merchants m using (merchant_id)
      where t.org_id = ${org} and t.auth_result = 'approved' and not t.is_refund and m.status = 'processing' and not m.is_bad_actor
        and m.onboarded_on < date '${ctx.windowStart}' and t.txn_date between date '${plantDay}' - 30 and date '${plantDay}' - 1
    )
    select *, ${uniform('merchant_id', 'plant', ctx.seed)} as u_plant from recent`);
  for (const [index, planted] of CASES.entries()) {
    await connection.run(`insert into planted_signals
      select ${org}, merchant_id, '${planted.signal}', date '${plantDay}' from gen_plant_donors
      where ${planted.eligible} and merchant_id not in (select merchant_id from planted_signals where org_id = ${org})
      group by merchant_id, u_plant order by u_plant, merchant_id limit 1`);
    await connection.run(copiesSql(org, planted, index));
  }
  await connection.run('drop table if exists gen_plant_donors');
  await trimToTotal(connection, ctx);
}

/**
 * The planted attempts are inside the total (attempts = 3,000,000 × SF, planted cases
 * included): as many ordinary attempts as were planted are taken out, the lowest by a hash of their id,
 * never at a planted merchant (its case keeps the proportions it was planted with).
 */
async function trimToTotal(connection: DuckDBConnection, ctx: GenerationContext): Promise<void> {
  const org = ctx.orgId;
  const reader = await connection.runAndReadAll(
    `select count(*) from transactions where org_id = ${org} and not is_refund and not (${ordinarySale(org)})`,
  );
  const planted = Number(reader.getRowsJS()[0]![0]);
  if (planted === 0) return;
  await connection.run(`delete from transactions where org_id = ${org} and tx_id in (
      select tx_id from transactions where org_id = ${org} and not is_refund and ${ordinarySale(org)}
        and merchant_id not in (select merchant_id from planted_signals where org_id = ${org})
      order by ${uniform('tx_id', 'trim', ctx.seed)}, tx_id limit ${planted})`);
}

/** The case's copies of its merchant's donor sales, priced again (approved sales) or fee-free (declines, refunds). */
function copiesSql(org: number, planted: PlantedCase, index: number): string {
  // a copy whose amount changes keeps its donor's authorised ÷ settled ratio (a tip stays a tip, an edit an
  // edit, so the downgrade rules still hold); a declined attempt asked for its amount; a refund has none
  const amount = planted.changes.amount;
  const authAmount = planted.changes.is_refund
    ? 'null'
    : amount && planted.changes.auth_result
      ? amount
      : amount
        ? `round((${amount}) * auth_amount::double / amount::double, 2)`
        : undefined;
  // Level 2/3 data is recorded on approved sales only
  const levelData = planted.changes.is_refund || planted.changes.auth_result ? 'null' : undefined;
  const changes = { auth_amount: authAmount, level3_data: levelData, ...planted.changes };
  const changed = TRANSACTION_COLUMNS.map((column) => `${changes[column] ?? column} as ${column}`);
  const copies = `select ${changed.join(', ')}, plant_day from gen_plant_donors cross join range(${planted.copies ?? 1}) as r(copy)
    where merchant_id = (select merchant_id from planted_signals where org_id = ${org} and signal = '${planted.signal}') and ${planted.rows}`;
  const sale = "c.auth_result = 'approved' and not c.is_refund";
  const fee = (expression: string) => `case when ${sale} then ${expression} else 0 end`;
  const ic = interchangeFeeSql('c.amount', 'p.pct', 'p.fixed');
  const sf = schemeFeeSql({
    amount: 'c.amount',
    brand: 'c.card_brand',
    cardType: 'c.card_type',
    crossBorder: 'c.is_cross_border',
  });
  const mf = merchantFeeSql({
    amount: 'c.amount',
    cardType: 'c.card_type',
    tier: 'c.card_tier',
    cardPresent: 'c.card_present',
    entryMode: 'c.entry_mode',
    crossBorder: 'c.is_cross_border',
    downgraded: 'c.is_downgraded',
    interchangeFee: ic,
    schemeFee: sf,
  });
  const priced: Partial<Record<(typeof TRANSACTION_COLUMNS)[number], string>> = {
    tx_id: `${org}::bigint * ${TX_ID_BASE} + ${PLANTED_ID_OFFSET} + ${index * 1_000_000} + row_number() over (order by c.tx_id, c.card_hash, c.ts)`,
    txn_date: 'c.plant_day',
    settle_date: `case when c.settled then c.plant_day + coalesce(c.settle_delay_days, 0) end`,
    interchange_fee: fee(ic),
    target_interchange_fee: fee(interchangeFeeSql('c.amount', 'tp.pct', 'tp.fixed')),
    // a declined attempt pays the per-authorisation scheme fee only
    scheme_fee: `case when ${sale} then ${sf} when c.auth_result = 'declined' then ${declinedSchemeFeeSql()} else 0 end`,
    merchant_fee: fee(mf),
    net_revenue: `case when ${sale} then ${mf} - ${ic} - ${sf} when c.auth_result = 'declined' then -${declinedSchemeFeeSql()} else 0 end`,
    is_fraud_reported: 'false',
  };
  return `insert into transactions (${TRANSACTION_COLUMNS.join(', ')})
    select ${TRANSACTION_COLUMNS.map((column) => priced[column] ?? `c.${column}`).join(', ')}
    from (${copies}) as c
    left join interchange_programs p on p.program_id = c.interchange_program_id
    left join interchange_programs tp on tp.program_id = c.target_program_id
    join pricing_plans pp on pp.pricing_plan_id = c.merchant_id and pp.org_id = ${org}`;
}
