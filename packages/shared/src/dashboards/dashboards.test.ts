// Dashboard filters and drill-down (item 6): pure rules, tested alone.
import { describe, expect, it } from 'vitest';
import { queryDescriptionSchema } from '../analytics/queryDescription.ts';
import { chartConfigSchema } from './chartConfig.ts';
import { applyDashboardFilters, filtersFromSearch, filtersToSearch, searchHasFilters } from './dashboardFilters.ts';
import { drillQuery, isDrillable, merchantPageHref } from './drillDown.ts';

const query = queryDescriptionSchema.parse({
  measures: ['gsv'],
  dimensions: ['industry_group'],
  timeDimension: { dimension: 'date', dateRange: 'last_90_days' },
  order: [{ member: 'industry_group' }],
});

describe('dashboard filters', () => {
  it('add an in-filter per chosen field and replace the chart’s date range', () => {
    const filtered = applyDashboardFilters(query, {
      dateRange: 'last_7_days',
      channel: ['cnp'],
      industry_group: ['Grocery & Convenience', 'Food & Dining'],
    });
    expect(filtered.timeDimension).toEqual({ dimension: 'date', dateRange: 'last_7_days' });
    expect(filtered.filters).toEqual([
      { member: 'industry_group', operator: 'in', values: ['Grocery & Convenience', 'Food & Dining'] },
      { member: 'channel', operator: 'in', values: ['cnp'] },
    ]);
    expect(queryDescriptionSchema.safeParse(filtered).success).toBe(true);
  });

  it('round-trip through the URL, custom ranges included, in a fixed order', () => {
    const filters = {
      dateRange: ['2026-01-01', '2026-03-31'] as [string, string],
      state: ['TX', 'CA'],
      card_brand: ['visa'],
    };
    const search = filtersToSearch(filters, new URLSearchParams('drill7=Food+%26+Dining'));
    expect(search.toString()).toBe(
      'drill7=Food+%26+Dining&from=2026-01-01&to=2026-03-31&state=TX&state=CA&card_brand=visa',
    );
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('keep what is readable from a hand-edited URL and drop the rest', () => {
    expect(filtersFromSearch(new URLSearchParams('range=next_week&channel=cp'))).toEqual({ channel: ['cp'] });
  });

  it('tell a link that names filters from one that only drills or names none', () => {
    expect(searchHasFilters(filtersToSearch({ state: ['TX'] }))).toBe(true);
    expect(searchHasFilters(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toBe(true);
    expect(searchHasFilters(new URLSearchParams('drill7=Retail'))).toBe(false);
    expect(searchHasFilters(new URLSearchParams(''))).toBe(false);
  });
});

describe('drill-down', () => {
  it('goes industry group → industry → merchant, each chosen value a filter, the merchant level named and capped', () => {
    const industry = drillQuery(query, ['Food & Dining'])!;
    expect(industry).toMatchObject({ level: 'industry', atMerchant: false });
    expect(industry.query.dimensions).toEqual(['industry']);
    expect(industry.query.filters).toEqual([
      { member: 'industry_group', operator: 'equals', values: ['Food & Dining'] },
    ]);
    expect(industry.query.order).toEqual([]);
    const merchant = drillQuery(query, ['Food & Dining', '5812'])!;
    expect(merchant).toMatchObject({ level: 'merchant_id', atMerchant: true });
    expect(merchant.query.dimensions).toEqual(['merchant_name', 'merchant_id']);
    expect(merchant.query.limit).toBe(25);
    expect(queryDescriptionSchema.safeParse(merchant.query).success).toBe(true);
    expect(merchantPageHref(42)).toBe('/amla?merchant=42');
  });

  it('does not drill a chart whose first dimension starts no hierarchy', () => {
    expect(drillQuery({ ...query, dimensions: ['card_brand'] }, ['visa'])).toBeNull();
    expect(isDrillable('bar', { ...query, dimensions: ['card_brand'] })).toBe(false);
  });

  it('offers drill-down on a chart of one mark per hierarchy value, not on a time series, a KPI or a table', () => {
    expect(isDrillable('bar', query)).toBe(true);
    expect(isDrillable('pie', { ...query, dimensions: ['region'] })).toBe(true);
    expect(
      isDrillable('line', {
        ...query,
        timeDimension: { dimension: 'date', dateRange: 'last_90_days', granularity: 'month' },
      }),
    ).toBe(false);
    expect(isDrillable('kpi', query)).toBe(false);
    expect(isDrillable('table', query)).toBe(false);
  });
});

describe('chart configuration', () => {
  it('asks a combo chart for exactly two measures and any chart but a table for one', () => {
    const bar = { type: 'bar', title: 'x', query: { measures: ['gsv'] } } as const;
    expect(chartConfigSchema.safeParse(bar).success).toBe(true);
    expect(chartConfigSchema.safeParse({ ...bar, type: 'combo' }).error?.issues[0]?.message).toMatch(
      /exactly two measures/,
    );
    expect(chartConfigSchema.safeParse({ ...bar, query: { dimensions: ['region'] } }).success).toBe(false);
    expect(chartConfigSchema.safeParse({ ...bar, type: 'table', query: { dimensions: ['region'] } }).success).toBe(
      true,
    );
  });
});
