// Loading: the file's good records (stageUpload.ts goodRowsSql: a scan of the staged records less the
// bad ones) streamed into the organisation's tables, tagged with their upload. Columns the file does not carry get the values the
// README lists (decisions); an uploaded sale is priced by the generator's fee rules (fees.ts) with the
// programme the generator would pick for its card, channel and MCC family.
import type { DuckDBConnection } from '@duckdb/node-api';
import { disputePathsJoinSql, EVENT_COLUMNS, receivedEventsSql } from '../generator/generateDisputeEvents.ts';
import { UPLOAD_CARD_BRANDS, UPLOAD_CARD_TYPES } from '@payportal/shared/uploads';
import { programLookupRows } from '../generator/createGeneratorLookups.ts';
import { interchangeFeeSql, merchantFeeSql, schemeFeeSql } from '../generator/fees.ts';
import { MERCHANT_ID_BASE, NODE_ID_BASE, TX_ID_BASE } from '../generator/generationContext.ts';
import { INDUSTRIES } from '../generator/industries.ts';
import { TRANSACTION_COLUMNS } from '../generator/generateSales.ts';
import { valuesTable } from '../generator/sql.ts';
import { cellSql, timestampSql } from './columnChecksSql.ts';
import { lastDisputeEventsSql } from './disputeStepSql.ts';
import { goodRowsSql, merchantLookupSql, type StageRequest } from './stageUpload.ts';

/** Uploaded merchants and rows take ids above the generator's (generationContext.ts): n ≥ this share of the base. */
const UPLOADED_MERCHANT_OFFSET = MERCHANT_ID_BASE / 2;
const UPLOADED_ROW_OFFSET = (TX_ID_BASE / 10) * 9;

/** An uploaded merchant's plan (model; the small-merchant blended pricing). */
export const UPLOADED_MERCHANT_PLAN = {
  planType: 'blended',
  perItem: 0.25,
  creditPct: 2.9,
  debitPct: 2.6,
  monthlyFee: 15,
  pciFee: 10,
  minDiscount: 25,
} as const;

const good = (request: StageRequest) => `from ${goodRowsSql(request)}`;

/** The first free id of the organisation's uploaded rows in `table`: uploads take ids above the largest so far (one writer). */
const nextIdSql = (table: 'transactions' | 'chargebacks', column: string, orgId: number) => {
  const base = `${orgId}::bigint * ${TX_ID_BASE} + ${UPLOADED_ROW_OFFSET}`;
  return `(select coalesce(max(${column}), ${base}) from ${table} where org_id = ${orgId} and ${column} > ${base})`;
};

/** Each returns the number of rows it inserted. */
async function insertMerchants(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const { orgId, uploadId } = request;
  const base = orgId * MERCHANT_ID_BASE + UPLOADED_MERCHANT_OFFSET;
  const industries = valuesTable(
    'v',
    ['mcc', 'risk_class', 'cp_share', 'ticket_median'],
    INDUSTRIES.map((i) => [i.mcc, i.riskClass, i.cardPresentShare, i.ticketMedian]),
  );
  // A mid an upload ever held keeps its id (upload_merchant_ids); a new mid takes one above every id given so far.
  const known = `(select mid, any_value(merchant_id) as merchant_id from upload_merchant_ids where org_id = ${orgId} group by mid)`;
  const highest = `greatest((select max(merchant_id) from upload_merchant_ids where org_id = ${orgId}), (select max(merchant_id) from merchants where org_id = ${orgId} and merchant_id > ${base}), ${base})`;
  await connection.run(`create temp table upload_new_merchants as
    select coalesce(known.merchant_id, ${highest} + row_number() over (partition by known.merchant_id is null order by s.rn)) as merchant_id, s.*
    from ${goodRowsSql(request)} left join ${known} known on known.mid = ${cellSql('mid')}`);
  await connection.run(`insert into upload_merchant_ids select ${orgId}, ${cellSql('mid')}, s.merchant_id from upload_new_merchants s
    where not exists (select 1 from upload_merchant_ids k where k.org_id = ${orgId} and k.mid = ${cellSql('mid')})`);
  const plan = UPLOADED_MERCHANT_PLAN;
  await connection.run(`insert into pricing_plans select merchant_id, ${orgId}, '${plan.planType}', 0, ${plan.perItem}, ${plan.creditPct}, ${plan.debitPct},
    ${plan.monthlyFee}, ${plan.pciFee}, ${plan.minDiscount} from upload_new_merchants`);
  const inserted =
    await connection.run(`insert into merchants (merchant_id, org_id, mid, legal_name, dba_name, mcc, state_code, city, onboarded_on, closed_on, close_reason,
      status, channel_profile, size_tier, risk_tier, declared_avg_ticket, pricing_plan_id, is_bad_actor, upload_id, agent_id)
    select s.merchant_id, ${orgId}, ${cellSql('mid')}, ${cellSql('legal_name')}, ${cellSql('dba_name')}, ${cellSql('mcc')}, ${cellSql('state_code')}, '',
      ${cellSql('onboarded_on')}::date, null, null, ${cellSql('status')},
      case when v.cp_share >= 0.8 then 'cp' when v.cp_share <= 0.2 then 'cnp' else 'omni' end, '<100k', v.risk_class, v.ticket_median, s.merchant_id, false, ${uploadId},
      s.k_agent_code
    from upload_new_merchants s join ${industries} on v.mcc = ${cellSql('mcc')}`);
  await connection.run('drop table upload_new_merchants');
  return inserted.rowsChanged;
}

/**
 * The programme of every brand, card type, channel and MCC family a good record can name: the card's
 * own at the standard tier, or its brand's standard credit one where the brand has no such product
 * (Amex debit). One small table, so a sale is priced by one join.
 */
async function createProgramTable(connection: DuckDBConnection): Promise<void> {
  const programs = valuesTable(
    'v',
    ['brand', 'card_type', 'tier', 'regulated', 'channel', 'family', 'level', 'program_id', 'pct', 'fixed'],
    programLookupRows(),
  );
  const keys = (name: string, values: readonly string[]) =>
    valuesTable(
      name,
      [name],
      values.map((value) => [value]),
    );
  const families = [...new Set(['general', ...INDUSTRIES.map((i) => i.family)])];
  await connection.run(`create or replace temp table upload_programs as
    with p as (select * from ${programs} where level = 'normal' and tier = 'standard' and not regulated)
    select brand, card_type, channel, family, coalesce(p.program_id, c.program_id) as program_id, coalesce(p.pct, c.pct) as pct, coalesce(p.fixed, c.fixed) as fixed
    from ${keys('brand', UPLOAD_CARD_BRANDS)} cross join ${keys('card_type', UPLOAD_CARD_TYPES)} cross join ${keys('channel', ['cp', 'cnp'])} cross join ${keys('family', families)}
    left join p using (brand, card_type, channel, family)
    left join p c on c.brand = brand.brand and c.card_type = 'credit' and c.channel = channel.channel and c.family = 'general'`);
}

/** The organisation's merchants by mid with what pricing a sale needs: its MCC family and its plan. */
async function createMerchantTable(connection: DuckDBConnection, request: StageRequest): Promise<void> {
  const { orgId } = request;
  const families = valuesTable(
    'f',
    ['mcc', 'family'],
    INDUSTRIES.map((i) => [i.mcc, i.family]),
  );
  await connection.run(`create or replace temp table upload_merchant_fees as
    select k.mid, m.merchant_id, coalesce(f.family, 'general') as family, pp.plan_type, pp.markup_bps, pp.per_item, pp.blended_credit_pct, pp.blended_debit_pct
    from (${merchantLookupSql(request)}) k join merchants m on m.org_id = ${orgId} and m.merchant_id = k.merchant_id
    join pricing_plans pp on pp.org_id = ${orgId} and pp.pricing_plan_id = m.pricing_plan_id left join ${families} on f.mcc = m.mcc`);
}

async function insertTransactions(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const { orgId, uploadId } = request;
  await createProgramTable(connection);
  await createMerchantTable(connection, request);
  const merchant = {
    columns: [
      'mf.merchant_id as k_mid',
      'mf.family',
      'mf.plan_type',
      'mf.markup_bps',
      'mf.per_item',
      'mf.blended_credit_pct',
      'mf.blended_debit_pct',
    ],
    joins: [`join upload_merchant_fees mf on mf.mid = ${cellSql('mid', 'r')}`],
  };
  const columns = TRANSACTION_COLUMNS.join(', ');
  const inserted = await connection.run(`insert into transactions (${columns})
with sale as (
  select s.rn, ${cellSql('tx_ref')} as tx_ref, s.k_mid as merchant_id, ${timestampSql(cellSql('ts'))} as ts, ${cellSql('amount')}::decimal(18, 2) as amount,
    ${cellSql('currency')} as currency, ${cellSql('card_brand')} as card_brand, ${cellSql('card_type')} as card_type, ${cellSql('entry_mode')} as entry_mode,
    ${cellSql('auth_result')} = 'approved' as approved, nullif(${cellSql('decline_code')}, '') as decline_code,
    ${cellSql('entry_mode')} not in ('ecom', 'recurring') as card_present, s.family, s.plan_type, s.markup_bps, s.per_item, s.blended_credit_pct, s.blended_debit_pct
  from ${goodRowsSql(request, merchant)}
), priced as (
  select s.*, g.program_id,
    case when approved then ${interchangeFeeSql('amount', 'g.pct', 'g.fixed')} else 0 end as ic,
    case when approved then ${schemeFeeSql({ amount: 'amount', brand: 's.card_brand', cardType: 's.card_type', crossBorder: 'false' })} else 0 end as sf
  from sale s
  left join upload_programs g on g.brand = s.card_brand and g.card_type = s.card_type and g.channel = case when s.card_present then 'cp' else 'cnp' end and g.family = s.family
), billed as (
  select p.*, case when approved then ${merchantFeeSql({
    amount: 'amount',
    cardType: 'p.card_type',
    tier: "'standard'",
    cardPresent: 'card_present',
    entryMode: 'entry_mode',
    crossBorder: 'false',
    downgraded: 'false',
    interchangeFee: 'ic',
    schemeFee: 'sf',
  })} else 0 end as mf
  from priced p
)
select ${nextIdSql('transactions', 'tx_id', orgId)} + rn, ${orgId}, merchant_id, null, ts, ts::date, amount, currency,
  card_brand, card_type, 'standard', false, 'US', false, '', lpad(lower(hex(hash(tx_ref))), 16, '0'), entry_mode, card_present, false,
  case when entry_mode in ('chip', 'contactless', 'swipe') then 'not_applicable' else 'match' end,
  case when approved then 'approved' else 'declined' end, decline_code, approved, case when approved then ts::date end, case when approved then 0 end,
  program_id, program_id, ic, ic, false, sf, mf, mf - ic - sf, false, null, false, ${uploadId}, tx_ref, null, null
from billed`);
  await connection.run('drop table upload_programs');
  await connection.run('drop table upload_merchant_fees');
  return inserted.rowsChanged;
}

async function insertChargebacks(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const { orgId, uploadId } = request;
  const inserted =
    await connection.run(`insert into chargebacks (chargeback_id, org_id, tx_id, merchant_id, received_date, amount, network, reason_code, reason_category,
      stage, outcome, card_brand, card_type, card_tier, entry_mode, card_present, issuer_country, is_cross_border, upload_id, sale_date)
    select ${nextIdSql('chargebacks', 'chargeback_id', orgId)} + s.rn, ${orgId}, t.tx_id, t.merchant_id, ${cellSql('received_date')}::date,
      ${cellSql('amount')}::decimal(18, 2), t.card_brand, ${cellSql('reason_code')}, coalesce(dr.category, 'consumer'), ${cellSql('stage')}, 'pending',
      t.card_brand, t.card_type, t.card_tier, t.entry_mode, t.card_present, t.issuer_country, t.is_cross_border, ${uploadId}, t.txn_date
    ${good(request)} join transactions t on t.org_id = ${orgId} and t.tx_id = s.k_tx_ref
    left join (select reason_code, network, any_value(category) as category from dispute_reasons group by all) dr on dr.reason_code = ${cellSql('reason_code')} and dr.network = t.card_brand`);
  // an uploaded chargeback's history starts with its received event (due by its network's first-stage window)
  await connection.run(receivedEventsSql(`c.org_id = ${orgId} and c.upload_id = ${uploadId}`));
  return inserted.rowsChanged;
}

/** Uploaded nodes take ids above the generator's (generatePortfolio.ts numbers from the organisation's base). */
const UPLOADED_NODE_OFFSET = NODE_ID_BASE / 2;

/**
 * A hierarchy's nodes: a code an upload ever held keeps its id (upload_node_ids), a new code takes one
 * above every id given so far; a parent is a node of the file or a live one of the organisation (the
 * removed uploads' rows are gone by now: loadUpload deletes them first).
 */
async function insertPortfolioNodes(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const { orgId, uploadId } = request;
  const base = `${orgId}::bigint * ${NODE_ID_BASE} + ${UPLOADED_NODE_OFFSET}`;
  const known = `(select code, any_value(node_id) as node_id from upload_node_ids where org_id = ${orgId} group by code)`;
  const highest = `greatest((select max(node_id) from upload_node_ids where org_id = ${orgId}), ${base})`;
  await connection.run(`create temp table upload_new_nodes as
    select coalesce(known.node_id, ${highest} + row_number() over (partition by known.node_id is null order by s.rn)) as node_id,
      ${cellSql('code')} as code, nullif(${cellSql('parent_code')}, '') as parent_code, ${cellSql('kind')} as kind, ${cellSql('name')} as name
    from ${goodRowsSql(request)} left join ${known} known on known.code = ${cellSql('code')}`);
  await connection.run(`insert into upload_node_ids select ${orgId}, code, node_id from upload_new_nodes n
    where not exists (select 1 from upload_node_ids k where k.org_id = ${orgId} and k.code = n.code)`);
  const inserted =
    await connection.run(`insert into portfolio_nodes (org_id, node_id, parent_id, kind, code, name, upload_id)
    select ${orgId}, n.node_id, p.node_id, n.kind, n.code, n.name, ${uploadId} from upload_new_nodes n
    left join (select code, node_id from upload_new_nodes union all select code, node_id from portfolio_nodes where org_id = ${orgId}) p
      on p.code = n.parent_code`);
  await connection.run('drop table upload_new_nodes');
  return inserted.rowsChanged;
}

/** A residuals input row's node: its code's live node (null: the house, in schedule_a only). */
const nodeSql = 's.k_node_code';
const optionalSql = (name: string, type: string) => `nullif(${cellSql(name)}, '')::${type}`;

async function insertScheduleA(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const inserted =
    await connection.run(`insert into schedule_a (org_id, node_id, fee_code, basis, rate, effective_from, upload_id)
    select ${request.orgId}, ${nodeSql}, ${cellSql('fee_code')}, ${cellSql('basis')}, ${cellSql('rate')}::decimal(18, 4),
      ${cellSql('effective_from')}::date, ${request.uploadId} ${good(request)}`);
  return inserted.rowsChanged;
}

async function insertResidualSplits(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const inserted =
    await connection.run(`insert into residual_splits (org_id, node_id, mid, share_pct, basis, net_negative, effective_from, expires_on, after_expiry_pct, upload_id)
    select ${request.orgId}, ${nodeSql}, ${optionalSql('mid', 'varchar')}, ${cellSql('share_pct')}::decimal(5, 2), ${cellSql('basis')},
      ${cellSql('net_negative')}, ${cellSql('effective_from')}::date, ${optionalSql('expires_on', 'date')},
      ${optionalSql('after_expiry_pct', 'decimal(5, 2)')}, ${request.uploadId} ${good(request)}`);
  return inserted.rowsChanged;
}

async function insertResidualAdjustments(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const inserted =
    await connection.run(`insert into residual_adjustments (org_id, month, node_id, mid, kind, amount, memo, upload_id)
    select ${request.orgId}, (${cellSql('month')} || '-01')::date, ${nodeSql}, ${optionalSql('mid', 'varchar')}, ${cellSql('kind')},
      ${cellSql('amount')}::decimal(18, 2), ${cellSql('memo')}, ${request.uploadId} ${good(request)}`);
  return inserted.rowsChanged;
}

/**
 * A processor's step of a dispute: the next seq; the stage it opens (pre-arbitration,
 * arbitration) or the one it was in; who acts, as the generator has it; and, for a stage opened, its
 * due date by the rules' window for the chargeback's network and reason (dispute_rules). The removed
 * uploads' events are deleted before this runs, so the last event is the live one.
 */
async function insertDisputeEvents(connection: DuckDBConnection, request: StageRequest): Promise<number> {
  const { orgId, uploadId } = request;
  const event = cellSql('event');
  const day = `${cellSql('event_date')}::date`;
  const inserted = await connection.run(`insert into dispute_events (${EVENT_COLUMNS})
    select ${orgId}, c.chargeback_id, c.merchant_id, l.seq + 1, ${day},
      case ${event} when 'pre_arbitration_received' then 'pre_arbitration' when 'arbitration_filed' then 'arbitration' else l.stage end,
      ${event},
      case ${event} when 'represented' then 'acquirer' when 'accepted' then 'acquirer'
        when 'pre_arbitration_received' then coalesce(nullif(p.pre_filer, 'none'), 'issuer')
        when 'pre_arbitration_answered' then case when p.pre_filer = 'acquirer' then 'issuer' else 'acquirer' end
        when 'arbitration_filed' then 'issuer' when 'reversed' then 'issuer' else 'network' end,
      case ${event} when 'pre_arbitration_received' then ${day} + coalesce(p.pre_days, 30)::integer
        when 'arbitration_filed' then ${day} + coalesce(p.arbitration_days, 30)::integer end,
      ${uploadId}
    ${good(request)}
    join chargebacks c on c.org_id = ${orgId} and c.chargeback_id = s.k_chargeback_id
    join (${lastDisputeEventsSql(orgId, '')}) l on l.chargeback_id = c.chargeback_id
    ${disputePathsJoinSql()}`);
  return inserted.rowsChanged;
}

export const INSERT_UPLOAD_ROWS = {
  dispute_events: insertDisputeEvents,
  schedule_a: insertScheduleA,
  residual_splits: insertResidualSplits,
  residual_adjustments: insertResidualAdjustments,
  merchants: insertMerchants,
  portfolio_nodes: insertPortfolioNodes,
  transactions: insertTransactions,
  chargebacks: insertChargebacks,
} as const;
