// The analytics tables, in DuckDB's dialect: the one contract between the generator
// (which fills them), the upload loader (which appends to them) and the query compiler (which reads
// them). Money is DECIMAL(18,2), so sums are exact and equal in every engine; ratios are DOUBLE.
// `upload_id` is null for generated rows and names the upload for uploaded ones.
// Ids are unique across organisations (org_id × 10^7 + n for merchants, org_id × 10^11 + n for
// transactions), so a join can never pair one organisation's rows with another's.
// A chargeback carries its sale's card attributes, so one dimension means the same thing on both facts,
// and its sale's date (`sale_date`), so chargebacks can be counted by the sales they dispute.

/** Shared by every organisation: the taxonomy, card products, interchange programmes, codes. */
export const DIMENSION_TABLES = {
  industry_groups: `create table if not exists industry_groups (
    industry_group_id integer primary key, name varchar not null)`,
  industries: `create table if not exists industries (
    mcc varchar primary key, name varchar not null, industry_group_id integer not null,
    risk_class varchar not null, card_present_share double not null, ticket_median double not null,
    ticket_sigma double not null, chargeback_rate double not null, tip_tolerance double not null default 0)`,
  regions: `create table if not exists regions (
    region_id integer primary key, name varchar not null, country varchar not null)`,
  states: `create table if not exists states (
    state_code varchar primary key, name varchar not null, region_id integer not null,
    country varchar not null, weight double not null)`,
  card_products: `create table if not exists card_products (
    brand varchar not null, card_type varchar not null, tier varchar not null, regulated boolean not null)`,
  interchange_programs: `create table if not exists interchange_programs (
    program_id integer primary key, brand varchar not null, card_type varchar not null, tier varchar not null,
    channel varchar not null, pct double not null, fixed decimal(18,4) not null, is_downgrade boolean not null,
    name varchar not null)`,
  /** Programme MCC eligibility: an MCC-restricted programme (supermarket, service station, utility, charity,
   * higher education) with each MCC it is open to; a programme without rows is open to every MCC. */
  interchange_program_mccs: `create table if not exists interchange_program_mccs (
    program_id integer not null, mcc varchar not null)`,
  decline_codes: `create table if not exists decline_codes (
    code varchar primary key, description varchar not null, soft boolean not null)`,
  dispute_reasons: `create table if not exists dispute_reasons (
    reason_code varchar primary key, network varchar not null, category varchar not null)`,
  /** The networks' response windows per stage (generator/disputeRules.ts): reason_code '' is the network's
   * default, a code's own row overrides it; filer 'none' says the stage does not exist for that code. */
  dispute_rules: `create table if not exists dispute_rules (
    network varchar not null, stage varchar not null, reason_code varchar not null, respond_days integer not null,
    filer varchar not null)`,
} as const;

/** Per organisation: every row carries org_id, and every query is scoped by it. */
export const FACT_TABLES = {
  pricing_plans: `create table if not exists pricing_plans (
    pricing_plan_id bigint not null, org_id integer not null, plan_type varchar not null,
    markup_bps double not null, per_item decimal(18,4) not null, blended_credit_pct double not null,
    blended_debit_pct double not null, monthly_fee decimal(18,2) not null, pci_fee decimal(18,2) not null,
    min_discount decimal(18,2) not null)`,
  merchants: `create table if not exists merchants (
    merchant_id bigint not null, org_id integer not null, mid varchar not null, legal_name varchar not null,
    dba_name varchar not null, mcc varchar not null, state_code varchar not null, city varchar not null,
    onboarded_on date not null, closed_on date, close_reason varchar, status varchar not null,
    channel_profile varchar not null, size_tier varchar not null, risk_tier varchar not null,
    declared_avg_ticket decimal(18,2) not null, pricing_plan_id bigint not null,
    is_bad_actor boolean not null default false, upload_id bigint, agent_id bigint)`,
  /** The portfolio hierarchy under the organisation (the ISO): sub-ISOs (parent null) and agents (parent a
   * sub-ISO, or null when the agent sits directly under the organisation); a merchant's agent is
   * merchants.agent_id, and null for a house account. Codes are unique in the organisation. */
  portfolio_nodes: `create table if not exists portfolio_nodes (
    org_id integer not null, node_id bigint not null, parent_id bigint, kind varchar not null, code varchar not null,
    name varchar not null, upload_id bigint)`,
  /** The ISO's processing cost (its "Schedule A" buy rates) per node (null: the house's, every merchant
   * without a schedule nearer to it), by fee code; `basis` says what `rate` multiplies: `bps_of_volume`
   * (rate in basis points of GSV), `per_authorisation`, `per_settled_sale`, `per_merchant_month` (dollars).
   * Interchange and scheme fees pass through at cost and have no rows. A fee code's rate is the row of the
   * latest `effective_from` on or before a month's first day (README "Residuals"). */
  schedule_a: `create table if not exists schedule_a (
    org_id integer not null, node_id bigint, fee_code varchar not null, basis varchar not null, rate decimal(18,4) not null,
    effective_from date not null, upload_id bigint)`,
  /** Each partner's share of its merchants' net (`basis` 'net') or income ('gross'), for every merchant of
   * the node (mid null) or one merchant (mid); `net_negative` 'zero' pays nothing on a negative net, 'pass'
   * passes the share of the loss on; from `expires_on` the share is `after_expiry_pct`. */
  residual_splits: `create table if not exists residual_splits (
    org_id integer not null, node_id bigint not null, mid varchar, share_pct decimal(5,2) not null, basis varchar not null,
    net_negative varchar not null, effective_from date not null, expires_on date, after_expiry_pct decimal(5,2), upload_id bigint)`,
  /** One-off amounts on a node's statement of a month: 'income' paid to the partner, 'expense' charged to it. */
  residual_adjustments: `create table if not exists residual_adjustments (
    org_id integer not null, month date not null, node_id bigint not null, mid varchar, kind varchar not null,
    amount decimal(18,2) not null, memo varchar not null, upload_id bigint)`,
  terminals: `create table if not exists terminals (
    terminal_id bigint not null, org_id integer not null, merchant_id bigint not null, kind varchar not null)`,
  transactions: `create table if not exists transactions (
    tx_id bigint not null, org_id integer not null, merchant_id bigint not null, terminal_id bigint,
    ts timestamp not null, txn_date date not null, amount decimal(18,2) not null, currency varchar not null,
    card_brand varchar not null, card_type varchar not null, card_tier varchar not null,
    regulated_debit boolean not null, issuer_country varchar not null, is_cross_border boolean not null,
    bin varchar not null, card_hash varchar not null, entry_mode varchar not null, card_present boolean not null,
    three_ds boolean not null, avs_result varchar not null, auth_result varchar not null, decline_code varchar,
    settled boolean not null, settle_date date, settle_delay_days integer,
    interchange_program_id integer, target_program_id integer,
    interchange_fee decimal(18,2) not null, target_interchange_fee decimal(18,2) not null,
    is_downgraded boolean not null, scheme_fee decimal(18,2) not null, merchant_fee decimal(18,2) not null,
    net_revenue decimal(18,2) not null, is_refund boolean not null, original_tx_id bigint,
    is_fraud_reported boolean not null, upload_id bigint, tx_ref varchar, auth_amount decimal(18,2),
    level3_data boolean)`,
  chargebacks: `create table if not exists chargebacks (
    chargeback_id bigint not null, org_id integer not null, tx_id bigint, merchant_id bigint not null,
    received_date date not null, amount decimal(18,2) not null, network varchar not null,
    reason_code varchar not null, reason_category varchar not null, stage varchar not null,
    outcome varchar not null, card_brand varchar not null, card_type varchar not null, card_tier varchar not null,
    entry_mode varchar not null, card_present boolean not null, issuer_country varchar not null,
    is_cross_border boolean not null, upload_id bigint, sale_date date not null)`,
  /** Each chargeback's history, one row per event in order (`seq` from 1); `due_date` is stored on the
   * events that open a stage (received, pre_arbitration_received, arbitration_filed), so a query needs
   * no join to the rules; `upload_id` names the upload that brought the event. */
  dispute_events: `create table if not exists dispute_events (
    org_id integer not null, chargeback_id bigint not null, merchant_id bigint not null, seq integer not null,
    event_date date not null, stage varchar not null, event varchar not null, actor varchar not null, due_date date,
    upload_id bigint)`,
  settlements: `create table if not exists settlements (
    org_id integer not null, merchant_id bigint not null, batch_date date not null, funding_date date not null,
    gross_sales decimal(18,2) not null, refunds decimal(18,2) not null, chargebacks decimal(18,2) not null,
    fees_withheld decimal(18,2) not null, reserve_held decimal(18,2) not null, net_deposit decimal(18,2) not null,
    tx_count bigint not null)`,
  /** The AML cases the generator planted (generator/plantAmlCases.ts): for tests and demos, never read by the detector. */
  planted_signals: `create table if not exists planted_signals (
    org_id integer not null, merchant_id bigint not null, signal varchar not null, planted_on date not null)`,
} as const;

/** A daily per-merchant, per-channel rollup of both facts: sums only, ratios come later.
 * Money is decimal(18,2) as in the facts: a merchant-day stays far below 10^16, and DuckDB sums 64-bit
 * decimals about 100× faster than 128-bit ones (bench:analytics). */
export const ROLLUP_TABLES = {
  merchant_daily: `create table if not exists merchant_daily (
    org_id integer not null, merchant_id bigint not null, day date not null, card_present boolean not null,
    attempts bigint not null, approved bigint not null, declined_soft bigint not null, declined_hard bigint not null,
    sales bigint not null, refunds bigint not null, gsv decimal(18,2) not null, fraud_reported bigint not null,
    fraud_amount decimal(18,2) not null, interchange decimal(18,2) not null, scheme_fees decimal(18,2) not null,
    billed_fees decimal(18,2) not null, net_revenue decimal(18,2) not null, credit_sales bigint not null,
    downgraded bigint not null, downgrade_leakage decimal(18,2) not null, visa_cnp_sales bigint not null,
    visa_cnp_fraud bigint not null, chargebacks bigint not null, chargeback_amount decimal(18,2) not null,
    visa_cnp_disputes bigint not null, chargebacks_won bigint not null, chargebacks_decided bigint not null,
    cohort_chargebacks bigint not null default 0, cohort_visa_cnp_disputes bigint not null default 0)`,
} as const;

/** Every row an upload could not load: its line, column, value and reason, for the details page. */
export const UPLOAD_TABLES = {
  upload_rejects: `create table if not exists upload_rejects (
    org_id integer not null, upload_id bigint not null, line bigint not null, column_name varchar, value varchar,
    reason varchar not null)`,
  /** Every mid an upload ever gave a merchant, with its id: a mid keeps its id through new versions,
   * roll backs and deletes of the merchants file, so the sales and disputes other uploads gave it stay
   * its own, and no id is ever given to another mid. */
  upload_merchant_ids: `create table if not exists upload_merchant_ids (
    org_id integer not null, mid varchar not null, merchant_id bigint not null)`,
  /** Every node code an upload ever gave a portfolio node, with its id: as a mid its merchant
   * id, a code keeps its node id through new versions and roll backs of the hierarchy, so the merchants
   * that name it as their agent (merchants.agent_id) follow whichever version is live. */
  upload_node_ids: `create table if not exists upload_node_ids (
    org_id integer not null, code varchar not null, node_id bigint not null)`,
} as const;

/** Which dataset each organisation holds, and a version that changes whenever its rows change. */
export const LEDGER_TABLES = {
  datasets: `create table if not exists datasets (
    org_id integer primary key, scale_factor double not null, generator_version integer not null,
    end_month date not null, data_version bigint not null, generated_at timestamp not null, last_day date,
    base_last_day date)`,
} as const;

/**
 * Every merchant attribute a query can group or filter by, flattened (industry group, region, plan
 * type, and its place in the portfolio hierarchy: agent and sub-ISO, null for a house account, so a
 * scope is one condition on this relation and costs no JOIN of its own). ClickHouse 18.16 allows one JOIN per SELECT, so both engines join facts to this one relation
 * `using (org_id, merchant_id)`: a view here, a table filled at copy time in ClickHouse.
 */
export const MERCHANT_DIM_COLUMNS = [
  'org_id',
  'merchant_id',
  'mid',
  'dba_name',
  'mcc',
  'industry_group',
  'state_code',
  'region',
  'pricing_plan_type',
  'size_tier',
  'risk_tier',
  'onboarded_on',
  'closed_on',
  'agent_code',
  'agent_name',
  'sub_iso_code',
  'sub_iso_name',
] as const;

export const VIEWS = {
  merchant_dim: `create or replace view merchant_dim as
    select m.org_id, m.merchant_id, m.mid, m.dba_name, m.mcc, g.name as industry_group, m.state_code,
      r.name as region, p.plan_type as pricing_plan_type, m.size_tier, m.risk_tier, m.onboarded_on, m.closed_on,
      a.code as agent_code, a.name as agent_name, u.code as sub_iso_code, u.name as sub_iso_name
    from merchants m
    join industries i on i.mcc = m.mcc
    join industry_groups g on g.industry_group_id = i.industry_group_id
    join states s on s.state_code = m.state_code
    join regions r on r.region_id = s.region_id
    join pricing_plans p on p.pricing_plan_id = m.pricing_plan_id and p.org_id = m.org_id
    left join portfolio_nodes a on a.org_id = m.org_id and a.node_id = m.agent_id
    left join portfolio_nodes u on u.org_id = a.org_id and u.node_id = a.parent_id`,
} as const;

export type DimensionTable = keyof typeof DIMENSION_TABLES;
