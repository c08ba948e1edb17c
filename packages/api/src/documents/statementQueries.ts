// The questions a monthly portfolio statement asks the analytics engine: the same
// query descriptions any screen could send to POST /api/analytics/v1/query, so every figure on the
// statement is one the query API answers for the same month.
import type { QueryDescription } from '@payportal/shared/analytics';

/** The first and last day of a month given as YYYY-MM. */
export function monthRange(period: string): [string, string] {
  const [year, month] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

const inMonth = (period: string) => ({ dimension: 'date' as const, dateRange: monthRange(period) });

const query = (description: Partial<QueryDescription>): QueryDescription => ({
  measures: [],
  dimensions: [],
  filters: [],
  order: [],
  ...description,
});

/** Every query of a statement, by the section that shows it. */
export function statementQueries(period: string) {
  return {
    volumes: query({
      measures: ['gsv', 'transactions', 'avg_ticket', 'authorisations', 'approval_rate', 'refunds'],
      timeDimension: inMonth(period),
    }),
    fees: query({
      measures: ['billed_fees', 'interchange', 'scheme_fees', 'net_revenue', 'net_effective_rate_bps'],
      timeDimension: inMonth(period),
    }),
    disputes: query({
      measures: ['chargebacks', 'chargeback_amount', 'chargeback_ratio'],
      timeDimension: inMonth(period),
    }),
    disputesByCategory: query({
      measures: ['chargebacks', 'chargeback_amount'],
      dimensions: ['dispute_category'],
      timeDimension: inMonth(period),
      order: [{ member: 'chargebacks', direction: 'desc' }],
    }),
    dailyVolume: query({
      measures: ['gsv'],
      timeDimension: { ...inMonth(period), granularity: 'day' },
      order: [{ member: 'date', direction: 'asc' }],
    }),
    byCardBrand: query({
      measures: ['gsv', 'net_revenue'],
      dimensions: ['card_brand'],
      timeDimension: inMonth(period),
      order: [{ member: 'gsv', direction: 'desc' }],
    }),
    topMerchants: query({
      measures: ['gsv', 'transactions', 'net_revenue'],
      dimensions: ['merchant', 'merchant_name'],
      timeDimension: inMonth(period),
      order: [
        { member: 'gsv', direction: 'desc' },
        { member: 'merchant', direction: 'asc' },
      ],
      limit: 10,
    }),
  } satisfies Record<string, QueryDescription>;
}

export type StatementSection = keyof ReturnType<typeof statementQueries>;

/**
 * The merchant master extract: one row per merchant that processed in the month, with
 * its attributes (the eight the query API allows at once; the state names its region) and its month.
 */
export function merchantExtractQuery(period: string): QueryDescription {
  return query({
    measures: ['transactions', 'gsv', 'net_revenue', 'chargebacks'],
    dimensions: [
      'merchant',
      'merchant_name',
      'industry_group',
      'industry',
      'state',
      'pricing_plan_type',
      'size_tier',
      'risk_tier',
    ],
    timeDimension: inMonth(period),
    order: [{ member: 'merchant', direction: 'asc' }],
  });
}
