// The metric and dimension catalogue: ids, labels, types and display formats, shared by
// the app (pickers, formatting) and the API (validation, column metadata). The SQL of each member
// lives in @payportal/analytics, keyed by these ids, so a member cannot exist on one side only.
import type { RoleName } from '../identity/roles.ts';

export const METRIC_FORMATS = ['money', 'count', 'percent', 'bps'] as const;
export type MetricFormat = (typeof METRIC_FORMATS)[number];

export const DIMENSION_TYPES = ['string', 'date', 'boolean'] as const;
export type DimensionType = (typeof DIMENSION_TYPES)[number];

export interface MeasureMeta {
  label: string;
  /** How to show a value: money in the organisation's currency, a count, a fraction as %, basis points. */
  format: MetricFormat;
  description: string;
  roles: readonly RoleName[];
  /**
   * Days after which a period's figure is final: a period whose sales are younger than this many days at
   * `today` is not yet mature (chargebacks of its sales may still arrive). Set on measures that count
   * chargebacks by the date of the sale they dispute; absent on every other measure.
   */
  matureAfterDays?: number;
}

/** The usual dispute window: most scheme rules give a cardholder 120 days from the sale. */
export const DISPUTE_WINDOW_DAYS = 120;

export interface DimensionMeta {
  label: string;
  type: DimensionType;
  description: string;
  /** The coarser dimension of a compound search (industry group → industry, region → state). */
  parent?: DimensionId;
  roles: readonly RoleName[];
}

const analysts = ['query', 'revenue_optimizer'] as const satisfies readonly RoleName[];

export const MEASURES = {
  gsv: {
    label: 'Gross sales volume',
    format: 'money',
    description: 'Σ amount of approved, settled, non-refund sales',
    roles: analysts,
  },
  transactions: { label: 'Transactions', format: 'count', description: 'Count of approved sales', roles: analysts },
  avg_ticket: {
    label: 'Average ticket',
    format: 'money',
    description: 'Gross sales volume ÷ transactions',
    roles: analysts,
  },
  authorisations: {
    label: 'Authorisation attempts',
    format: 'count',
    description: 'Count of authorisation attempts (sales, approved or declined)',
    roles: analysts,
  },
  approval_rate: {
    label: 'Approval rate',
    format: 'percent',
    description:
      'Approved ÷ authorisation attempts; by decline code, the approved share of all attempts in scope sits on the row without a code',
    roles: analysts,
  },
  declines: {
    label: 'Declines',
    format: 'count',
    description: 'Count of declined authorisation attempts',
    roles: analysts,
  },
  decline_rate: {
    label: 'Decline rate',
    format: 'percent',
    description:
      'Declined ÷ authorisation attempts; by decline code, each code’s declines ÷ all attempts in scope, so the codes add up to the overall rate',
    roles: analysts,
  },
  soft_decline_rate: {
    label: 'Soft decline rate',
    format: 'percent',
    description:
      'Declines with a retryable (soft) code ÷ attempts; by decline code, each code’s share of all attempts in scope',
    roles: analysts,
  },
  hard_decline_rate: {
    label: 'Hard decline rate',
    format: 'percent',
    description:
      'Declines with a final (hard) code ÷ attempts; by decline code, each code’s share of all attempts in scope',
    roles: analysts,
  },
  refunds: { label: 'Refunds', format: 'count', description: 'Count of refunds', roles: analysts },
  refund_rate: { label: 'Refund rate', format: 'percent', description: 'Refunds ÷ sales (count)', roles: analysts },
  chargebacks: {
    label: 'Chargebacks',
    format: 'count',
    description: 'Chargebacks received in the period',
    roles: analysts,
  },
  chargeback_amount: {
    label: 'Chargeback amount',
    format: 'money',
    description: 'Σ amount of chargebacks received in the period',
    roles: analysts,
  },
  chargeback_ratio: {
    label: 'Chargeback ratio',
    format: 'percent',
    description: 'Chargebacks received in the period ÷ sales in the period (count)',
    roles: analysts,
  },
  chargeback_win_rate: {
    label: 'Dispute win rate',
    format: 'percent',
    description:
      'Disputes won ÷ disputes decided (won, lost or accepted), received in the period; unlike the fought win rate, it counts the disputes accepted or left unanswered as not won',
    roles: analysts,
  },
  vamp_ratio: {
    label: 'VAMP ratio (Visa)',
    format: 'percent',
    description: '(Fraud reported + disputes) ÷ settled sales, Visa card-not-present; merchant excessive ≥ 1.5 %',
    roles: analysts,
  },
  chargeback_ratio_cohort: {
    label: 'Chargeback ratio (by sale date)',
    format: 'percent',
    description:
      'Chargebacks of the sales made in the period ÷ those sales (count); a period whose sales are younger than the 120-day dispute window is not yet final',
    roles: analysts,
    matureAfterDays: DISPUTE_WINDOW_DAYS,
  },
  vamp_ratio_cohort: {
    label: 'VAMP ratio (Visa, by sale date)',
    format: 'percent',
    description:
      '(Fraud reported + disputes) of the settled sales made in the period ÷ those sales, Visa card-not-present; a period whose sales are younger than the 120-day dispute window is not yet final',
    roles: analysts,
    matureAfterDays: DISPUTE_WINDOW_DAYS,
  },
  fraud_bps: {
    label: 'Fraud (bps)',
    format: 'bps',
    description: 'Fraud reported amount ÷ gross sales volume × 10⁴',
    roles: analysts,
  },
  interchange: { label: 'Interchange', format: 'money', description: 'Σ interchange per transaction', roles: analysts },
  scheme_fees: { label: 'Scheme fees', format: 'money', description: 'Σ scheme fees per transaction', roles: analysts },
  billed_fees: {
    label: 'Billed fees',
    format: 'money',
    description: 'Σ fees billed to merchants per transaction',
    roles: analysts,
  },
  net_revenue: {
    label: 'Net revenue',
    format: 'money',
    description: 'Billed fees − interchange − scheme fees',
    roles: analysts,
  },
  net_effective_rate_bps: {
    label: 'Net effective rate (bps)',
    format: 'bps',
    description: 'Net revenue ÷ gross sales volume × 10⁴',
    roles: analysts,
  },
  downgrade_rate: {
    label: 'Downgrade rate',
    format: 'percent',
    description: 'Downgraded ÷ credit sales',
    roles: analysts,
  },
  downgrade_leakage: {
    label: 'Downgrade leakage',
    format: 'money',
    description: 'Σ (actual − target interchange) of downgraded sales',
    roles: analysts,
  },
  // The dispute desk, from each chargeback's dispute events. "Today" is the data's last day
  // (the generator's "yesterday"); a representment made on the desk counts once the processor reports it.
  disputes_open: {
    label: 'Open disputes',
    format: 'count',
    description: 'Disputes received in the period and not yet decided on the data’s last day',
    roles: analysts,
  },
  disputes_due_3d: {
    label: 'Disputes due within 3 days',
    format: 'count',
    description:
      'Open disputes awaiting the acquirer’s answer whose due date is within 3 days of the data’s last day (that day included)',
    roles: analysts,
  },
  disputes_overdue: {
    label: 'Overdue disputes',
    format: 'count',
    description: 'Open disputes awaiting the acquirer’s answer whose due date is before the data’s last day',
    roles: analysts,
  },
  dispute_challenge_rate: {
    label: 'Dispute challenge rate',
    format: 'percent',
    description: 'Disputes represented ÷ disputes received in the period',
    roles: analysts,
  },
  dispute_win_rate_fought: {
    label: 'Fought win rate',
    format: 'percent',
    description:
      'Disputes won ÷ disputes represented and decided, received in the period; unlike the dispute win rate, accepted and unanswered disputes are left out',
    roles: analysts,
  },
  dispute_recovery_rate: {
    label: 'Dispute recovery rate',
    format: 'percent',
    description: 'Σ amount of disputes won ÷ Σ amount of disputes received in the period',
    roles: analysts,
  },
  attrition: {
    label: 'Attrition',
    format: 'percent',
    description: 'Merchants closed in the period ÷ (active at its start + onboarded in it)',
    roles: analysts,
  },
} as const satisfies Record<string, MeasureMeta>;

export type MeasureId = keyof typeof MEASURES;
export const MEASURE_IDS = Object.keys(MEASURES) as [MeasureId, ...MeasureId[]];

/**
 * The measures whose rise is bad news for the portfolio (declines, refunds, chargebacks, fraud,
 * downgrades, closures): a change of one is shown in the colour of a loss when it goes up.
 */
export const LOWER_IS_BETTER: ReadonlySet<MeasureId> = new Set<MeasureId>([
  'declines',
  'decline_rate',
  'soft_decline_rate',
  'hard_decline_rate',
  'refunds',
  'refund_rate',
  'chargebacks',
  'chargeback_amount',
  'chargeback_ratio',
  'chargeback_ratio_cohort',
  'disputes_overdue',
  'vamp_ratio',
  'vamp_ratio_cohort',
  'fraud_bps',
  'downgrade_rate',
  'downgrade_leakage',
  'attrition',
]);

export const DIMENSIONS = {
  date: {
    label: 'Date',
    type: 'date',
    description: 'Transaction date (chargebacks: received date), by granularity',
    roles: analysts,
  },
  industry_group: {
    label: 'Industry group',
    type: 'string',
    description: 'Group of merchant category codes',
    roles: analysts,
  },
  industry: {
    label: 'Industry (MCC)',
    type: 'string',
    description: 'Merchant category code (ISO 18245)',
    parent: 'industry_group',
    roles: analysts,
  },
  region: { label: 'Region', type: 'string', description: 'Census region of the merchant', roles: analysts },
  state: { label: 'State', type: 'string', description: "Merchant's state", parent: 'region', roles: analysts },
  merchant: {
    label: 'Merchant ID (MID)',
    type: 'string',
    description: 'Merchant identification number',
    roles: analysts,
  },
  merchant_name: { label: 'Merchant', type: 'string', description: 'Doing-business-as name', roles: analysts },
  merchant_id: {
    label: 'Merchant number',
    type: 'string',
    description: "The merchants table's id, the one the merchant-level page (/amla?merchant=) opens",
    roles: analysts,
  },
  card_brand: { label: 'Card brand', type: 'string', description: 'visa, mastercard, amex, discover', roles: analysts },
  card_type: { label: 'Card type', type: 'string', description: 'credit, debit, prepaid', roles: analysts },
  card_tier: {
    label: 'Card tier',
    type: 'string',
    description: 'standard, rewards, premium, commercial',
    roles: analysts,
  },
  entry_mode: {
    label: 'Entry mode',
    type: 'string',
    description: 'chip, contactless, swipe, keyed, ecom, recurring',
    roles: analysts,
  },
  channel: {
    label: 'Channel',
    type: 'string',
    description: 'cp (card present) or cnp (card not present)',
    roles: analysts,
  },
  issuer_country: {
    label: 'Issuer country',
    type: 'string',
    description: 'ISO 3166 country of the card issuer',
    roles: analysts,
  },
  cross_border: {
    label: 'Cross-border',
    type: 'boolean',
    description: 'Issuer country differs from the merchant country',
    roles: analysts,
  },
  decline_code: {
    label: 'Decline code',
    type: 'string',
    description: 'ISO 8583 response code of a declined attempt',
    roles: analysts,
  },
  dispute_category: {
    label: 'Dispute reason category',
    type: 'string',
    description: 'fraud, authorization, processing, consumer',
    roles: analysts,
  },
  network: {
    label: 'Card network',
    type: 'string',
    description: 'The network of a dispute: visa, mastercard, amex, discover',
    roles: analysts,
  },
  dispute_stage: {
    label: 'Dispute stage',
    type: 'string',
    description: 'first, pre_arbitration, arbitration: the stage a dispute reached',
    roles: analysts,
  },
  reason_code: {
    label: 'Dispute reason code',
    type: 'string',
    description: 'The network’s reason code of a dispute (Visa 10.4, Mastercard 4853 …)',
    roles: analysts,
  },
  pricing_plan_type: {
    label: 'Pricing plan type',
    type: 'string',
    description: 'ic_plus_plus, blended, tiered, flat',
    roles: analysts,
  },
  size_tier: {
    label: 'Merchant size tier',
    type: 'string',
    description: 'Annual volume band: <100k, 100k-1M, 1M-5M, 5M-20M, 20M+',
    roles: analysts,
  },
  risk_tier: { label: 'Risk tier', type: 'string', description: 'low, medium, high', roles: analysts },
  // The portfolio hierarchy by name, what a house user reads; a house account (no agent) has neither.
  sub_iso: {
    label: 'Sub-ISO',
    type: 'string',
    description: 'The sub-ISO the merchant is sold through (its agent’s), by name; none for a house account',
    roles: analysts,
  },
  agent: {
    label: 'Agent',
    type: 'string',
    description: 'The agent whose book holds the merchant, by name; none for a house account',
    roles: analysts,
  },
  day_of_week: {
    label: 'Day of week',
    type: 'string',
    description: 'ISO weekday of the authorisation: 1 Monday … 7 Sunday',
    roles: analysts,
  },
  hour_of_day: {
    label: 'Hour of day',
    type: 'string',
    description: 'Hour of the authorisation, 00 … 23, merchant local time',
    roles: analysts,
  },
} as const satisfies Record<string, Omit<DimensionMeta, 'parent'> & { parent?: string }>;

export type DimensionId = keyof typeof DIMENSIONS;
export const DIMENSION_IDS = Object.keys(DIMENSIONS) as [DimensionId, ...DimensionId[]];

/** The two compound searches: a parent dimension and its child. */
export const COMPOUND_SEARCHES = [
  { parent: 'industry_group', child: 'industry' },
  { parent: 'region', child: 'state' },
] as const satisfies readonly { parent: DimensionId; child: DimensionId }[];

export const TIME_GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeGranularity = (typeof TIME_GRANULARITIES)[number];

export const DATE_RANGE_PRESETS = [
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'month_to_date',
  'quarter_to_date',
  'year_to_date',
  'last_year',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

export const FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'contains',
  'set',
  'notSet',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Answers carry at most this many rows; more come back with `truncated: true` (exports stream instead). */
export const QUERY_ROW_CAP = 10_000;
