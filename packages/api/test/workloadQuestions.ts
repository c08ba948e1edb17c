// The questions a load test and bench:load both ask: one heavy question, and the regions a light
// question filters on, turned so each is new to the answer cache.
import type { QueryDescriptionInput } from '@payportal/shared/analytics';

/** Raw rows, eight dimensions by day over the last year, nine measures: never from a rollup. */
export const HEAVY_QUESTION: QueryDescriptionInput = {
  measures: [
    'gsv',
    'transactions',
    'avg_ticket',
    'approval_rate',
    'declines',
    'refunds',
    'authorisations',
    'interchange',
    'net_revenue',
  ],
  dimensions: [
    'merchant',
    'card_brand',
    'card_type',
    'entry_mode',
    'channel',
    'issuer_country',
    'hour_of_day',
    'card_tier',
  ],
  timeDimension: { dimension: 'date', granularity: 'day', dateRange: 'last_year' },
};

/** The demo data's regions, for light questions' filters. */
export const REGIONS = ['West', 'South', 'Northeast', 'Midwest'];
