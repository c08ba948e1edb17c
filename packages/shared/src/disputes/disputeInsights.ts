// /disputes/insights: the questions its charts ask the query API, over every month of data.
// Each is a catalogue question (the dashboards' numbers), so the browser test asks the same ones and
// compares what the screen shows with the answer.
import type { QueryDescriptionInput } from '../analytics/queryDescription.ts';

const RATES = ['dispute_challenge_rate', 'dispute_win_rate_fought', 'dispute_recovery_rate'] as const;

export interface DisputeInsight {
  id: 'reason' | 'network' | 'merchant' | 'trend';
  title: string;
  /** bar: by a dimension; line: by month. */
  chart: 'bar' | 'line';
  query: QueryDescriptionInput;
}

/** Merchants shown: those with the most open disputes, where the desk's work is. */
export const INSIGHT_MERCHANTS = 10;

export const DISPUTE_INSIGHTS: readonly DisputeInsight[] = [
  {
    id: 'reason',
    title: 'By reason',
    chart: 'bar',
    query: {
      measures: [...RATES],
      dimensions: ['dispute_category'],
      order: [{ member: 'dispute_category', direction: 'asc' }],
    },
  },
  {
    id: 'network',
    title: 'By network',
    chart: 'bar',
    query: { measures: [...RATES], dimensions: ['network'], order: [{ member: 'network', direction: 'asc' }] },
  },
  {
    id: 'merchant',
    title: `The ${INSIGHT_MERCHANTS} merchants with the most open disputes`,
    chart: 'bar',
    query: {
      // The count orders them and is in the table; the chart draws the rates only.
      measures: [...RATES, 'disputes_open'],
      dimensions: ['merchant_name'],
      order: [
        { member: 'disputes_open', direction: 'desc' },
        { member: 'merchant_name', direction: 'asc' },
      ],
      limit: INSIGHT_MERCHANTS,
    },
  },
  {
    id: 'trend',
    title: 'By month',
    chart: 'line',
    query: { measures: [...RATES], timeDimension: { dimension: 'date', granularity: 'month' } },
  },
];
