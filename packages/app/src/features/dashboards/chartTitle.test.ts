// A chart's title follows the range it shows, whoever set it (the dashboard or the chart).
import { describe, expect, it } from 'vitest';
import { shownTitle } from './chartTitle.ts';

describe('a chart title', () => {
  it.each([
    ['Gross sales volume, last 30 days', 'year_to_date', true, 'Gross sales volume, year to date', null],
    ['Gross sales volume, last 30 days', 'last_30_days', true, 'Gross sales volume, last 30 days', null],
    ['Approval rate, Last 90 days', ['2026-03-01', '2026-03-10'], true, 'Approval rate, 1–10 Mar 2026', null],
    ['Net revenue', 'month_to_date', true, 'Net revenue, month to date', null],
    ['Net revenue', undefined, true, 'Net revenue, all dates', null],
    ['Volume by card brand', 'last_90_days', false, 'Volume by card brand', 'Last 90 days'],
    ['Gross sales volume by month', undefined, false, 'Gross sales volume by month', 'All dates'],
    ['Declines, last year', 'quarter_to_date', false, 'Declines, quarter to date', null],
  ] as const)('"%s" over %j (KPI: %s) reads "%s"', (title, range, kpi, shown, period) => {
    expect(shownTitle(title, range, kpi)).toEqual({ title: shown, period });
  });
});
