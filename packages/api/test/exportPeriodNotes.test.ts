// A saved export's file by period says which rows are partial or not yet final, as the chart's CSV does:
// a last "Period note" column beside the query API's own rows, whether DuckDB writes the file itself or
// the rows are streamed through the API (the way of engines without a CSV writer, ClickHouse).
import { rm } from 'node:fs/promises';
import type { AnalyticsEngine } from '@payportal/analytics';
import { dimensionValueLabel, queryResultSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { EXPORT_PATHS, exportJobSchema } from '@payportal/shared/exports';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  holdableEngine,
  newDataDir,
  openAnalyticsTestApp,
  openExportApp,
  waitForJob,
  type AnalyticsTestApp,
} from './exportHelpers.ts';

/** The test apps' today; the data ends with October. */
const TODAY = '2026-11-23';
const MATURING = 'Not yet mature: it holds sales less than 120 days old, so its figure can still change';
const BY_MONTH: QueryDescriptionInput = {
  measures: ['gsv', 'chargeback_ratio_cohort'],
  dimensions: ['card_brand'],
  timeDimension: { dimension: 'date', granularity: 'month', dateRange: 'last_90_days' },
};

describe('the period note of an export by period', () => {
  let stack: AnalyticsTestApp;
  let streaming: FastifyInstance;
  let streamingDir: string;
  let analyst: Record<string, string>;

  beforeAll(async () => {
    stack = (await openAnalyticsTestApp('pglite', ['seed-analyst'], TODAY))!;
    analyst = stack.as['seed-analyst']!;
    // the same data through an engine that hands its rows over in pages
    const pagesOnly: AnalyticsEngine = { ...holdableEngine(stack.engine).engine, copyCsv: undefined };
    streamingDir = await newDataDir();
    streaming = await openExportApp(stack.db, pagesOnly, streamingDir, {}, TODAY);
  });
  afterAll(async () => {
    await streaming?.close();
    await stack?.close();
    if (streamingDir) await rm(streamingDir, { recursive: true, force: true });
  });

  const exported = async (app: FastifyInstance, query: QueryDescriptionInput, header: 'ids' | 'labels') => {
    const response = await app.inject({
      method: 'POST',
      url: EXPORT_PATHS.jobs(),
      headers: analyst,
      payload: { query, name: 'By month', csv: { header } },
    });
    expect(response.statusCode, response.body).toBe(202);
    const job = exportJobSchema.parse(response.json());
    expect(await waitForJob(app, analyst, job.id, ['ready', 'failed'])).toMatchObject({ status: 'ready' });
    return (await download(app, analyst, job.id)).text;
  };

  it.each([
    ['written by DuckDB', () => stack.app],
    ['streamed through the API', () => streaming],
  ])('[X18] ends each row with its period note beside the rows of the query API (%s)', async (_way, appOf) => {
    const app = appOf();
    const queried = queryResultSchema.parse(
      (
        await app.inject({ method: 'POST', url: '/api/analytics/v1/query', headers: analyst, payload: BY_MONTH })
      ).json(),
    );
    expect(new Set(queried.rows.map((row) => row[0]))).toEqual(new Set(['2026-08-01', '2026-09-01', '2026-10-01']));

    const text = await exported(app, BY_MONTH, 'labels');
    expect(text.split('\r\n')[0]).toBe(
      'Date,Card brand,Gross sales volume,Chargeback ratio (by sale date),Period note',
    );
    const records = parse(text, { bom: true }) as string[][];
    const rows = records.slice(1);
    // the query API's rows, in its order, each with one more cell; under a header of labels a value is in words (X19)
    const names = queried.columns.map((column) => column.name);
    expect(rows.map((row) => row.slice(0, -1))).toEqual(
      queried.rows.map((row) =>
        row.map((cell, index) =>
          cell === null ? '' : (dimensionValueLabel(names[index]!, String(cell)) ?? String(cell)),
        ),
      ),
    );
    const notes = new Map(rows.map((row) => [row[0], row.at(-1)]));
    expect(Object.fromEntries(notes)).toEqual({
      // last 90 days from 23 Nov start on 26 Aug: August holds 6 of its days
      '2026-08-01': `Partial: 6 of 31 days (26–31 Aug 2026). ${MATURING}`,
      '2026-09-01': MATURING,
      '2026-10-01': MATURING,
    });
  });

  it('[X18] notes the first week of the data as partial when the data starts within it, over all dates', async () => {
    // the data starts on Wednesday 1 Oct 2025: its week (from Monday 29 Sep) holds 5 of its days
    const records = parse(
      await exported(
        stack.app,
        { measures: ['gsv'], timeDimension: { dimension: 'date', granularity: 'week' } },
        'ids',
      ),
      { bom: true },
    ) as string[][];
    expect(records.slice(1, 3).map((row) => [row[0], row.at(-1)])).toEqual([
      ['2025-09-29', 'Partial: 5 of 7 days (1–5 Oct 2025)'],
      ['2025-10-06', ''],
    ]);
  });

  it('[X18] leaves the note empty for whole, final periods, and adds no column to an answer without periods', async () => {
    const whole = await exported(
      stack.app,
      {
        measures: ['gsv'],
        timeDimension: { dimension: 'date', granularity: 'month', dateRange: ['2026-01-01', '2026-06-30'] },
      },
      'ids',
    );
    const records = parse(whole, { bom: true }) as string[][];
    expect(records[0]).toEqual(['date', 'gsv', 'period_note']);
    expect(records.slice(1).map((row) => row.at(-1))).toEqual(['', '', '', '', '', '']);

    const flat = await exported(
      streaming,
      {
        measures: ['gsv'],
        dimensions: ['card_brand'],
        timeDimension: { dimension: 'date', dateRange: 'last_90_days' },
      },
      'ids',
    );
    expect(flat.split('\r\n')[0]!.replace(/^\uFEFF/, '')).toBe('card_brand,gsv');
  });
});
