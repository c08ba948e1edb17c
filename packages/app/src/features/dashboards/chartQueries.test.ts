// What a chart asks the query API (6) and how the builder's choices become a
// chart configuration: pure, tested alone.
import { chartConfigSchema } from '@payportal/shared/dashboards';
import { describe, expect, it } from 'vitest';
import { checkDraft, configToDraft, draftToConfig, emptyDraft } from './chartDraft.ts';
import { chartQueries } from './chartQueries.ts';

const kpi = chartConfigSchema.parse({
  type: 'kpi',
  title: 'GSV',
  query: { measures: ['gsv'], timeDimension: { dimension: 'date', dateRange: 'last_30_days' } },
});

describe('chart queries', () => {
  it('compare a KPI with the same number of days just before, and draw its sparkline by day', () => {
    const asked = chartQueries(kpi, { channel: ['cp'] }, [], '2026-11-24');
    expect(asked.main.timeDimension).toEqual({ dimension: 'date', dateRange: 'last_30_days' });
    expect(asked.previous!.timeDimension).toEqual({ dimension: 'date', dateRange: ['2026-09-26', '2026-10-25'] });
    expect(asked.comparison).toEqual({ range: ['2026-09-26', '2026-10-25'], phrase: 'the previous 30 days' });
    expect(asked.spark!.timeDimension).toEqual({ dimension: 'date', dateRange: 'last_30_days', granularity: 'day' });
    for (const query of [asked.main, asked.previous!, asked.spark!])
      expect(query.filters).toEqual([{ member: 'channel', operator: 'in', values: ['cp'] }]);
  });

  it('leave the dashboard’s filters out of a chart that opts out', () => {
    const optedOut = chartConfigSchema.parse({ ...kpi, display: { ignoreDashboardFilters: true } });
    expect(chartQueries(optedOut, { channel: ['cp'] }, [], '2026-11-24').main.filters).toEqual([]);
  });

  it('compare a year to date set on the dashboard with the same days last year, and ask whether the data reaches back that far', () => {
    const asked = chartQueries(kpi, { dateRange: 'year_to_date', channel: ['cp'] }, [], '2026-11-24');
    expect(asked.range).toBe('year_to_date');
    expect(asked.previous!.timeDimension).toEqual({ dimension: 'date', dateRange: ['2025-01-01', '2025-11-24'] });
    expect(asked.comparison!.phrase).toBe('the same days last year');
    expect(asked.coverage).toMatchObject({
      measures: ['authorisations'],
      filters: [],
      timeDimension: { granularity: 'day', dateRange: ['2025-01-01', '2025-11-24'] },
      order: [{ member: 'date', direction: 'asc' }],
      limit: 1,
    });
  });

  it('compare calendar presets with the same days of the month or quarter before, and custom ranges with as many days before', () => {
    expect(
      chartQueries(kpi, { dateRange: 'month_to_date' }, [], '2026-11-24').previous!.timeDimension!.dateRange,
    ).toEqual(['2026-10-01', '2026-10-24']);
    expect(
      chartQueries(kpi, { dateRange: ['2026-03-01', '2026-03-10'] }, [], '2026-11-24').previous!.timeDimension!
        .dateRange,
    ).toEqual(['2026-02-19', '2026-02-28']);
  });

  it('ask where the data starts in the range of a chart by month (its first month may hold a few days), without the filters', () => {
    const byMonth = chartConfigSchema.parse({
      type: 'line',
      title: 'GSV by month',
      query: { measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'month' } },
    });
    const firstDay = {
      measures: ['authorisations'],
      dimensions: [],
      filters: [],
      order: [{ member: 'date', direction: 'asc' }],
      limit: 1,
    };
    expect(chartQueries(byMonth, { channel: ['cp'] }, [], '2026-11-24').coverage).toEqual({
      ...firstDay,
      timeDimension: { dimension: 'date', granularity: 'day' },
    });
    expect(chartQueries(byMonth, { dateRange: 'year_to_date' }, [], '2026-11-24').coverage).toEqual({
      ...firstDay,
      timeDimension: { dimension: 'date', granularity: 'day', dateRange: 'year_to_date' },
    });
    // a chart by day has no period the data's start can cut short; a chart without dates none at all
    const byDay = chartConfigSchema.parse({
      ...byMonth,
      query: { ...byMonth.query, timeDimension: { dimension: 'date', granularity: 'day' } },
    });
    const byBrand = chartConfigSchema.parse({
      type: 'bar',
      title: 'GSV',
      query: { measures: ['gsv'], dimensions: ['card_brand'] },
    });
    expect([byDay, byBrand].map((chart) => chartQueries(chart, {}, [], '2026-11-24').coverage)).toEqual([null, null]);
  });

  it('have nothing to compare over all dates', () => {
    const allDates = chartConfigSchema.parse({ type: 'kpi', title: 'GSV', query: { measures: ['gsv'] } });
    const asked = chartQueries(allDates, {}, [], '2026-11-24');
    expect([asked.previous, asked.comparison, asked.coverage]).toEqual([null, null, null]);
  });
});

describe('the builder’s draft', () => {
  it('becomes a valid configuration and comes back the same', () => {
    const draft = {
      ...emptyDraft(),
      title: 'VAMP by month',
      type: 'line' as const,
      measures: ['vamp_ratio' as const],
      xAxis: 'date' as const,
      split: 'card_brand' as const,
      thresholds: [{ value: 0.015, label: '1.5 %' }],
    };
    const checked = checkDraft(draft);
    expect(checked.problem).toBeNull();
    expect(checked.config!.query).toMatchObject({
      measures: ['vamp_ratio'],
      dimensions: ['card_brand'],
      timeDimension: { granularity: 'month', dateRange: 'last_90_days' },
    });
    expect(configToDraft(checked.config!)).toEqual(draft);
  });

  it('says what is wrong with a combo of one measure', () => {
    expect(checkDraft({ ...emptyDraft(), title: 'x', type: 'combo' }).problem).toMatch(/exactly two measures/);
    expect(draftToConfig({ ...emptyDraft(), type: 'pie', measures: ['gsv', 'transactions'] }).query.measures).toEqual([
      'gsv',
    ]);
  });
});
