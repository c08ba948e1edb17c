// The additive parts every measure is built from. One definition serves the raw tables,
// the merchant_daily rollup (which stores each part summed per merchant, day and channel) and both SQL
// dialects, so a ratio is always computed from summed parts and rollup and raw agree to the cent.
// Conditions are written in the SQL both engines read (booleans are UInt8 in ClickHouse).
import type { DimensionId } from '@payportal/shared/analytics';
import { SOFT_DECLINE_CODES } from '../generator/referenceData.ts';

/**
 * Where a part's rows come from. Chargebacks count on the day they are received; `sale_chargebacks` are
 * the same rows on the day of the sale they dispute (the cohort view: the chargebacks of a
 * period's sales ÷ those sales, as the schemes monitor programmes).
 */
export type FactSource = 'transactions' | 'chargebacks' | 'sale_chargebacks';

/** Each source's table and the date column that places its rows in time (the date dimension, the rollup's day). */
export const FACT_SOURCES: Record<FactSource, { table: 'transactions' | 'chargebacks'; day: string }> = {
  transactions: { table: 'transactions', day: 'txn_date' },
  chargebacks: { table: 'chargebacks', day: 'received_date' },
  sale_chargebacks: { table: 'chargebacks', day: 'sale_date' },
};

export interface Part {
  source: FactSource;
  /** count: rows meeting the condition; sum: Σ expression over rows meeting it. */
  kind: 'count' | 'sum';
  /** A column expression of the source table, for sums. */
  expression?: string;
  /** A condition on the source table's columns; absent means every row. */
  condition?: string;
  /** Money sums are exact decimals; counts are integers. */
  money: boolean;
}

const softCodes = SOFT_DECLINE_CODES.map((code) => `'${code}'`).join(', ');
const approvedSale = `auth_result = 'approved' and not is_refund`;
const settledSale = `${approvedSale} and settled`;
const visaCnp = `card_brand = 'visa' and not card_present`;
const visaCnpDispute = "network = 'visa' and not card_present";

const count = (condition?: string): Part => ({ source: 'transactions', kind: 'count', condition, money: false });
const sum = (expression: string, condition?: string): Part => ({
  source: 'transactions',
  kind: 'sum',
  expression,
  condition,
  money: true,
});

export const PARTS = {
  attempts: count('not is_refund'),
  approved: count(approvedSale),
  declined_soft: count(`auth_result = 'declined' and decline_code in (${softCodes})`),
  declined_hard: count(`auth_result = 'declined' and decline_code not in (${softCodes})`),
  sales: count(settledSale),
  refunds: count('is_refund'),
  gsv: sum('amount', settledSale),
  fraud_reported: count('is_fraud_reported'),
  fraud_amount: sum('amount', 'is_fraud_reported'),
  interchange: sum('interchange_fee'),
  scheme_fees: sum('scheme_fee'),
  billed_fees: sum('merchant_fee'),
  net_revenue: sum('net_revenue'),
  credit_sales: count(`card_type = 'credit' and ${settledSale}`),
  downgraded: count('is_downgraded'),
  downgrade_leakage: sum('interchange_fee - target_interchange_fee', 'is_downgraded'),
  visa_cnp_sales: count(`${visaCnp} and ${settledSale}`),
  visa_cnp_fraud: count(`${visaCnp} and is_fraud_reported`),
  chargebacks: { source: 'chargebacks', kind: 'count', money: false },
  chargeback_amount: { source: 'chargebacks', kind: 'sum', expression: 'amount', money: true },
  visa_cnp_disputes: { source: 'chargebacks', kind: 'count', condition: visaCnpDispute, money: false },
  // the dispute win rate of the merchant page: decided disputes are won, lost or accepted
  chargebacks_won: { source: 'chargebacks', kind: 'count', condition: "outcome = 'won'", money: false },
  chargebacks_decided: {
    source: 'chargebacks',
    kind: 'count',
    condition: "outcome in ('won', 'lost', 'accepted')",
    money: false,
  },
  // the cohort view: chargebacks counted on their sale's day
  cohort_chargebacks: { source: 'sale_chargebacks', kind: 'count', money: false },
  cohort_visa_cnp_disputes: { source: 'sale_chargebacks', kind: 'count', condition: visaCnpDispute, money: false },
} as const satisfies Record<string, Part>;

export type PartId = keyof typeof PARTS;
export const PART_IDS = Object.keys(PARTS) as PartId[];

/**
 * The parts that are non-zero exactly when a merchant_daily row holds rows of that fact (every
 * transaction is an attempt or a refund; every chargeback counts). A raw query has a group only where
 * the facts it reads have rows, so the rollup reads only such rows: a closed merchant's late chargebacks
 * must not add a GSV row of 0 to a month in which it sold nothing.
 */
export const ROWS_OF: Record<FactSource, readonly PartId[]> = {
  transactions: ['attempts', 'refunds'],
  chargebacks: ['chargebacks'],
  sale_chargebacks: ['cohort_chargebacks'],
};

/** Dimensions that exist only on declined attempts (an approved attempt has no decline code). */
export const DECLINE_ONLY_DIMENSIONS: readonly DimensionId[] = ['decline_code'];

/**
 * Denominators that count every attempt in scope: a dimension of DECLINE_ONLY_DIMENSIONS
 * neither splits nor filters them. So the decline rate by decline code is each code's declines ÷ all
 * attempts, and the codes add up to the overall decline rate (the approval rate by code likewise: the
 * approved share sits on the row without a code). Counts and sums of these parts are split as usual.
 */
export const WHOLE_SCOPE_DENOMINATORS: readonly PartId[] = ['attempts'];
