// The table twin of a chart by period says under each date why that period is not whole or final, as the
// chart's tooltip and the CSV file do; a whole period's date stands alone.
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { periodNotes, periodsOf } from '../../charts/periodMarks.ts';
import { queryAnswer } from '../../testing/queryAnswer.ts';
import { ChartTable } from './ChartTable.tsx';

afterEach(cleanup);

it('notes the partial months of "last 90 days" by month under their dates, and leaves whole ones bare', () => {
  const result = queryAnswer(
    [
      { name: 'date', label: 'Date', type: 'date', format: null },
      { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' },
    ],
    [
      ['2026-08-01', 20],
      ['2026-09-01', 90],
      ['2026-11-01', 80],
    ],
  );
  const query = queryDescriptionSchema.parse({
    measures: ['gsv'],
    timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
  });
  render(
    <ChartTable
      result={result}
      caption="GSV by month"
      periodNotes={periodNotes(result, periodsOf(query, 'last_90_days', '2026-11-27'))}
    />,
  );
  const dates = screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')!.textContent);
  expect(dates).toEqual([
    '2026-08-01Partial: 2 of 31 days (30–31 Aug 2026)',
    '2026-09-01',
    '2026-11-01Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over',
  ]);
});
