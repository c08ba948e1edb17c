// Periods that are not whole are drawn hatched or dashed, with the reason in the tooltip, the table twin
// and the CSV file: "last 30 days" by month on 27 Nov holds 3 days of October and 27 of November.
import { periodStatus, queryDescriptionSchema } from '@payportal/shared/analytics';
import { chartConfigSchema } from '@payportal/shared/dashboards';
import { describe, expect, it } from 'vitest';
import { resultCsv } from '../features/dashboards/chartFiles.ts';
import { chartOption } from './chartOption.ts';
import { HATCH, periodNotes, periodsOf, type PeriodsOf } from './periodMarks.ts';
import { queryAnswer } from '../testing/queryAnswer.ts';

const today = '2026-11-27';
const look = { palette: ['#123456', '#E69F00'], text: '#111', muted: '#666', border: '#ddd' };
const date = { name: 'date', label: 'Date', type: 'date', format: null } as const;
const gsv = { name: 'gsv', label: 'Gross sales volume', type: 'number', format: 'money' } as const;
const byMonth = { dimension: 'date', granularity: 'month', dateRange: 'last_30_days' } as const;
const lastThirty = periodsOf(
  queryDescriptionSchema.parse({ measures: ['gsv'], timeDimension: byMonth }),
  'last_30_days',
  today,
)!;
const threeMonths = queryAnswer(
  [date, gsv],
  [
    ['2026-08-01', 20],
    ['2026-09-01', 90],
    ['2026-11-01', 80],
  ],
);
const lastNinety = periodsOf(
  queryDescriptionSchema.parse({ measures: ['gsv'], timeDimension: { ...byMonth, dateRange: 'last_90_days' } }),
  'last_90_days',
  today,
)!;
/** As a measure with matureAfterDays: 120 is asked (a cohort's chargebacks), over all dates. */
const maturing: PeriodsOf = (label) =>
  periodStatus(label, { range: undefined, granularity: 'month', today, matureAfterDays: 120 });

type Drawn = {
  series: { name: string; data: unknown[]; lineStyle?: { type: string } }[];
  tooltip: { formatter: (params: unknown[]) => string };
};

describe('periods that are not whole', () => {
  it('are hatched bars, and the tooltip says how many days they hold', () => {
    const config = chartConfigSchema.parse({
      type: 'bar',
      title: 'GSV',
      query: { measures: ['gsv'], timeDimension: byMonth },
    });
    const option = chartOption(
      config,
      queryAnswer(
        [date, gsv],
        [
          ['2026-10-01', 100],
          ['2026-11-01', 900],
        ],
      ),
      look,
      lastThirty,
    ) as unknown as Drawn;
    expect(option.series[0]!.data).toEqual([
      { value: 100, itemStyle: { decal: HATCH } },
      { value: 900, itemStyle: { decal: HATCH } },
    ]);
    const tip = option.tooltip.formatter([
      {
        seriesName: 'Gross sales volume',
        seriesIndex: 0,
        value: 100,
        marker: '',
        axisValue: '2026-10-01',
        dataIndex: 0,
      },
    ]);
    expect(tip).toBe(
      'Oct 2026<br/>Gross sales volume: <b>$100.00</b><br/><i>Partial: 3 of 31 days (29–31 Oct 2026)</i>',
    );
  });

  it('are dashed segments of a line: its solid line stops at the last whole period', () => {
    const config = chartConfigSchema.parse({
      type: 'line',
      title: 'Chargebacks',
      query: { measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'month' } },
    });
    const option = chartOption(
      config,
      queryAnswer(
        [date, gsv],
        [
          ['2026-05-01', 1],
          ['2026-06-01', 2],
          ['2026-07-01', 3],
          ['2026-11-01', 4],
        ],
      ),
      look,
      maturing,
    ) as unknown as Drawn;
    expect(option.series.map((s) => [s.name, s.data, s.lineStyle?.type])).toEqual([
      ['Gross sales volume', [1, 2, null, null], undefined],
      ['Gross sales volume', [null, 2, 3, 4], 'dashed'],
    ]);
    const tip = option.tooltip.formatter([
      {
        seriesName: 'Gross sales volume',
        seriesIndex: 0,
        value: null,
        marker: '',
        axisValue: '2026-07-01',
        dataIndex: 2,
      },
      { seriesName: 'Gross sales volume', seriesIndex: 1, value: 3, marker: '', axisValue: '2026-07-01', dataIndex: 2 },
    ]);
    expect(tip).toBe(
      'Jul 2026<br/>Gross sales volume: <b>$3.00</b><br/><i>Not yet mature: it holds sales less than 120 days old, so its figure can still change</i>',
    );
  });

  it('mark the first month of data that starts mid-month, over all dates', () => {
    const allDates = periodsOf(
      queryDescriptionSchema.parse({ measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'month' } }),
      undefined,
      today,
      '2025-10-27',
    )!;
    const answer = queryAnswer(
      [date, gsv],
      [
        ['2025-10-01', 5],
        ['2025-11-01', 30],
      ],
    );
    expect([...periodNotes(answer, allDates)]).toEqual([['2025-10-01', 'Partial: 5 of 31 days (27–31 Oct 2025)']]);
  });

  it('leave a chart of whole periods as it was', () => {
    const config = chartConfigSchema.parse({
      type: 'line',
      title: 'GSV',
      query: { measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_year' } },
    });
    const whole = periodsOf(config.query, 'last_year', today);
    const option = chartOption(
      config,
      queryAnswer(
        [date, gsv],
        [
          ['2025-11-01', 1],
          ['2025-12-01', 2],
        ],
      ),
      look,
      whole,
    ) as unknown as Drawn & { tooltip: { trigger: string; formatter?: unknown } };
    expect(option.series.map((s) => s.data)).toEqual([[1, 2]]);
    expect(option.tooltip.formatter).toBeUndefined();
  });

  it('are noted by date for the table twin, and in a last CSV column', () => {
    const notes = periodNotes(threeMonths, lastNinety);
    expect([...notes]).toEqual([
      ['2026-08-01', 'Partial: 2 of 31 days (30–31 Aug 2026)'],
      ['2026-11-01', 'Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over'],
    ]);
    expect(resultCsv(threeMonths, notes).split('\r\n')).toEqual([
      'Date,Gross sales volume,Period note',
      '2026-08-01,20,Partial: 2 of 31 days (30–31 Aug 2026)',
      '2026-09-01,90,',
      '2026-11-01,80,"Partial: 27 of 30 days so far (1–27 Nov 2026), the month is not over"',
      '',
    ]);
  });

  it('do not exist without time buckets', () => {
    expect(
      periodsOf(
        queryDescriptionSchema.parse({
          measures: ['gsv'],
          timeDimension: { dimension: 'date', dateRange: 'last_30_days' },
        }),
        'last_30_days',
        today,
      ),
    ).toBeNull();
  });
});
