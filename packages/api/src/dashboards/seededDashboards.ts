// The dashboards every demo organisation starts with: a portfolio overview, the
// authorisation funnel, disputes with Visa's VAMP thresholds (1.5 % merchant excessive, 2.2 %: the
// acquirer-level line) and the economics of the portfolio. Every figure is a query of the catalogue.
import type { ChartConfigInput, DashboardFilters } from '@payportal/shared/dashboards';

export interface SeededDashboard {
  title: string;
  description: string;
  filters: DashboardFilters;
  charts: ChartConfigInput[];
  /** Charts added to the seed later, by the seed version that added them (seedDashboards.ts). */
  added?: Record<number, ChartConfigInput[]>;
}

/** The seed's version: 2 added the day-of-week × hour heatmap to Authorisation. */
export const SEED_VERSION = 2;

const monthly = { dimension: 'date', granularity: 'month' } as const;
const last30 = { dimension: 'date', dateRange: 'last_30_days' } as const;
const last90 = { dimension: 'date', dateRange: 'last_90_days' } as const;
const kpi = (title: string, measure: ChartConfigInput['query']['measures'] & object): ChartConfigInput => ({
  type: 'kpi',
  title,
  query: { measures: measure, timeDimension: last30 },
});

export const SEEDED_DASHBOARDS: SeededDashboard[] = [
  {
    title: 'Portfolio overview',
    description: 'Volume, approvals and revenue of the whole portfolio: the morning view.',
    filters: {},
    charts: [
      kpi('Gross sales volume, last 30 days', ['gsv']),
      kpi('Transactions, last 30 days', ['transactions']),
      kpi('Approval rate, last 30 days', ['approval_rate']),
      kpi('Net revenue, last 30 days', ['net_revenue']),
      { type: 'line', title: 'Gross sales volume by month', query: { measures: ['gsv'], timeDimension: monthly } },
      {
        type: 'bar',
        title: 'Gross sales volume by industry group',
        query: {
          measures: ['gsv'],
          dimensions: ['industry_group'],
          timeDimension: last90,
          order: [{ member: 'gsv', direction: 'desc' }],
        },
        display: { horizontal: true },
      },
      {
        type: 'combo',
        title: 'Volume and approval rate by month',
        query: { measures: ['gsv', 'approval_rate'], timeDimension: monthly },
      },
      {
        type: 'pie',
        title: 'Volume by card brand',
        query: { measures: ['gsv'], dimensions: ['card_brand'], timeDimension: last90 },
        display: { donut: true },
      },
    ],
  },
  {
    title: 'Authorisation',
    description: 'Approval and decline rates, and where declines come from.',
    filters: {},
    charts: [
      kpi('Approval rate, last 30 days', ['approval_rate']),
      kpi('Soft decline rate, last 30 days', ['soft_decline_rate']),
      { type: 'line', title: 'Approval rate by month', query: { measures: ['approval_rate'], timeDimension: monthly } },
      {
        type: 'bar',
        title: 'Declines by decline code',
        query: {
          measures: ['declines'],
          dimensions: ['decline_code'],
          timeDimension: last90,
          order: [{ member: 'declines', direction: 'desc' }],
          limit: 12,
        },
        display: { horizontal: true },
      },
      {
        type: 'bar',
        title: 'Approval rate by card brand and channel',
        query: { measures: ['approval_rate'], dimensions: ['card_brand', 'channel'], timeDimension: last90 },
      },
      {
        type: 'heatmap',
        title: 'Approval rate by region and card brand',
        query: { measures: ['approval_rate'], dimensions: ['region', 'card_brand'], timeDimension: last90 },
      },
    ],
    added: {
      2: [
        {
          type: 'heatmap',
          title: 'Authorisation attempts by day and hour',
          query: {
            measures: ['authorisations'],
            dimensions: ['hour_of_day', 'day_of_week'],
            timeDimension: last30,
            limit: 200,
          },
        },
      ],
    },
  },
  {
    title: 'Disputes and VAMP',
    description:
      'Chargebacks against sales, and the Visa Acquirer Monitoring Program ratio against its 1.5 % and 2.2 % lines.',
    filters: {},
    charts: [
      kpi('Chargeback ratio, last 30 days', ['chargeback_ratio']),
      kpi('VAMP ratio (Visa), last 30 days', ['vamp_ratio']),
      {
        type: 'line',
        // By month of sale (the cohort view, as the schemes monitor it): by month received, the first
        // months of the data lack the chargebacks of sales before it and read as a climb that is not there.
        title: 'VAMP ratio by month of sale',
        query: { measures: ['vamp_ratio_cohort'], timeDimension: monthly },
        display: {
          thresholds: [
            { value: 0.015, label: 'Excessive 1.5 %' },
            { value: 0.022, label: '2.2 %' },
          ],
        },
      },
      {
        type: 'line',
        title: 'Chargeback ratio by month of sale',
        query: { measures: ['chargeback_ratio_cohort'], timeDimension: monthly },
      },
      {
        type: 'pie',
        title: 'Chargebacks by reason category',
        query: { measures: ['chargebacks'], dimensions: ['dispute_category'], timeDimension: last90 },
      },
      {
        type: 'bar',
        title: 'VAMP ratio by industry group',
        query: {
          measures: ['vamp_ratio'],
          dimensions: ['industry_group'],
          timeDimension: last90,
          order: [{ member: 'vamp_ratio', direction: 'desc' }],
        },
        display: {
          horizontal: true,
          thresholds: [
            { value: 0.015, label: '1.5 %' },
            { value: 0.022, label: '2.2 %' },
          ],
        },
      },
    ],
  },
  {
    title: 'Economics',
    description: 'Net effective rate, interchange and the revenue lost to downgrades.',
    filters: {},
    charts: [
      kpi('Net effective rate, last 30 days', ['net_effective_rate_bps']),
      kpi('Downgrade leakage, last 30 days', ['downgrade_leakage']),
      {
        type: 'combo',
        title: 'Billed fees and net effective rate by month',
        query: { measures: ['billed_fees', 'net_effective_rate_bps'], timeDimension: monthly },
      },
      {
        type: 'area',
        title: 'Interchange and scheme fees by month',
        query: { measures: ['interchange', 'scheme_fees'], timeDimension: monthly },
        display: { stacked: true },
      },
      {
        type: 'bar',
        title: 'Downgrade leakage by industry group',
        query: {
          measures: ['downgrade_leakage'],
          dimensions: ['industry_group'],
          timeDimension: last90,
          order: [{ member: 'downgrade_leakage', direction: 'desc' }],
        },
        display: { horizontal: true },
      },
      {
        type: 'table',
        title: 'Economics by pricing plan',
        query: {
          measures: ['gsv', 'billed_fees', 'interchange', 'net_revenue', 'net_effective_rate_bps'],
          dimensions: ['pricing_plan_type'],
          timeDimension: last90,
        },
      },
    ],
  },
];
