// The two ways an export's rows reach its file (bench:export): DuckDB's own COPY (no value
// through JavaScript) and the engine's stream through the API's encoder, which engines without a CSV
// writer (ClickHouse) take. They must write the same bytes: same numbers, quoting, neutralised
// formulas, BOM and header, and the same cut at a cap.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { queryColumns, type DuckDBEngine } from '@payportal/analytics';
import { queryDescriptionSchema, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { csvValuesOf, DEFAULT_CSV_OPTIONS, type CsvOptions } from '@payportal/shared/exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCachedEngine } from '../../analytics/test/datasetCache.ts';
import { openCsvFile } from '../src/csv/csvFile.ts';
import { copyThroughEngine, dropLastRecord } from '../src/exports/engineCopy.ts';
import { localFileStore } from '../src/storage/fileStore.ts';
import { newDataDir } from './exportHelpers.ts';

const scope = { orgId: 1, today: '2026-11-23' };
const CSV: CsvOptions = { ...DEFAULT_CSV_OPTIONS, bom: true, header: 'labels', neutraliseFormulas: true };
/** Text with commas, apostrophes and ampersands (names), ratios with long fractions, money, counts and dates. */
const QUESTIONS: Record<string, QueryDescriptionInput> = {
  merchants_by_month: {
    measures: ['gsv', 'approval_rate', 'avg_ticket', 'transactions'],
    dimensions: ['merchant', 'industry'],
    timeDimension: { dimension: 'date', granularity: 'month' },
  },
  states_by_card_brand: {
    measures: ['chargeback_ratio', 'net_revenue', 'net_effective_rate_bps'],
    dimensions: ['state', 'card_brand'],
  },
  brands_by_day_last_90_days: {
    measures: ['gsv', 'chargebacks'],
    dimensions: ['card_brand'],
    timeDimension: { dimension: 'date', granularity: 'day', dateRange: 'last_90_days' },
  },
  declines_by_code_entry_mode_and_channel: {
    measures: ['declines'],
    dimensions: ['decline_code', 'entry_mode', 'channel'],
  },
  sales_by_issuer_country_and_plan: {
    measures: ['gsv'],
    dimensions: ['issuer_country', 'cross_border', 'pricing_plan_type'],
  },
  regions_by_month_limited: {
    measures: ['transactions'],
    dimensions: ['region'],
    timeDimension: { dimension: 'date', granularity: 'month' },
    limit: 30,
  },
};

describe('an export written by the engine itself and one streamed through the API', () => {
  let engine: DuckDBEngine;
  let dir: string;
  beforeAll(async () => {
    const dataset = { orgId: 1, scaleFactor: 0.05, endMonth: '2026-10-01' };
    engine = await openCachedEngine([dataset], { threads: 2 });
    expect(await engine.ensureDataset(dataset)).toBe('reused');
    dir = await newDataDir();
  });
  afterAll(async () => {
    await engine?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const store = () => localFileStore(dir);
  const streamed = async (key: string, input: QueryDescriptionInput, limit: number, csv = CSV) => {
    const query = queryDescriptionSchema.parse(input);
    const file = await openCsvFile(store(), key, queryColumns(query), csv);
    let rows = 0;
    await engine.stream(
      query,
      scope,
      async (page) => {
        const kept = page.slice(0, limit - rows);
        rows += kept.length;
        if (kept.length) await file.write(kept);
      },
      { rowCap: limit },
    );
    await file.finish();
    return readFile(join(dir, key));
  };
  const copied = async (key: string, input: QueryDescriptionInput, limit: number, csv = CSV) => {
    const query = queryDescriptionSchema.parse(input);
    const file = await openCsvFile(store(), key, queryColumns(query), csv);
    const written = await copyThroughEngine(
      {
        copyCsv: engine.copyCsv.bind(engine),
        query,
        scope,
        scratch: join(dir, `${key}.scratch`),
        limit,
        options: { rowCap: limit, neutraliseFormulas: true, valueLabels: csvValuesOf(csv) === 'labels' },
      },
      file,
    );
    await file.finish();
    return { written, bytes: await readFile(join(dir, key)) };
  };

  it.each(Object.entries(QUESTIONS))('[X11] writes the same bytes both ways: %s', async (name, question) => {
    const limit = question.limit ?? 1_000_000;
    const { written, bytes } = await copied(`${name}-copy.csv`, question, limit);
    const expected = await streamed(`${name}-stream.csv`, question, limit);
    expect(written.more).toBe(question.limit !== undefined);
    if (question.limit) expect(written.rowsWritten).toBe(question.limit);
    expect(written.rowsWritten).toBeGreaterThan(20);
    expect(bytes.toString('utf8')).toBe(expected.toString('utf8'));
  });

  it('[X19] writes the same codes both ways when the file asks for codes, and its header says so', async () => {
    const codes: CsvOptions = { ...CSV, values: 'codes' };
    for (const [name, question] of Object.entries(QUESTIONS)) {
      const { bytes } = await copied(`${name}-codes-copy.csv`, question, 1_000_000, codes);
      const expected = await streamed(`${name}-codes-stream.csv`, question, 1_000_000, codes);
      expect(bytes.toString('utf8'), name).toBe(expected.toString('utf8'));
    }
    const text = (
      await streamed('codes.csv', QUESTIONS.declines_by_code_entry_mode_and_channel!, 1000, codes)
    ).toString();
    expect(text.split('\r\n')[0]).toBe('\uFEFFDecline code (code),Entry mode (code),Channel (code),Declines');
    expect(text).toMatch(/\r\n51,(chip|contactless|swipe|keyed|ecom|recurring),(cp|cnp),\d+\r\n/);
  });

  it('[X19] writes the words the screens show by default, both ways', async () => {
    const text = (await streamed('labels.csv', QUESTIONS.declines_by_code_entry_mode_and_channel!, 1000)).toString();
    expect(text.split('\r\n')[0]).toBe('\uFEFFDecline code,Entry mode,Channel,Declines');
    expect(text).toContain('51 Insufficient funds,');
    expect(text).toMatch(/,(Card present|Card not present),/);
    expect(text).not.toMatch(/,(cp|cnp|visa|contactless|keyed),/);
    const countries = (await streamed('countries.csv', QUESTIONS.sales_by_issuer_country_and_plan!, 1000)).toString();
    expect(countries).toMatch(/\r\nUS United States,Domestic,/);
  });

  it.each([5, 137])(
    '[X4] cuts at a cap of %i the same way (within the first month, and months later), and tells that the engine had more',
    async (cap) => {
      const question = QUESTIONS.merchants_by_month!;
      const { written, bytes } = await copied(`capped-${cap}-copy.csv`, question, cap);
      expect(written).toEqual({ rowsWritten: cap, more: true });
      expect(bytes.toString('utf8')).toBe((await streamed(`capped-${cap}-stream.csv`, question, cap)).toString('utf8'));
    },
  );

  it('[X9] a copy asked to stop is interrupted in the engine and writes nothing', async () => {
    const stop = new AbortController();
    stop.abort(new Error('cancelled by its owner'));
    const query = queryDescriptionSchema.parse(QUESTIONS.merchants_by_month!);
    await mkdir(join(dir, 'stopped'));
    await expect(
      engine.copyCsv(query, scope, join(dir, 'stopped'), { neutraliseFormulas: true, signal: stop.signal }),
    ).rejects.toThrow('cancelled by its owner');
    expect(await readdir(join(dir, 'stopped'))).toEqual([]);
  });
});

describe('taking the last record off a CSV file', () => {
  let dir: string;
  beforeAll(async () => (dir = await newDataDir()));
  afterAll(async () => dir && rm(dir, { recursive: true, force: true }));

  const cut = async (text: string) => {
    const path = join(dir, 'file.csv');
    await writeFile(path, text);
    await dropLastRecord(path);
    return readFile(path, 'utf8');
  };

  it('[X4] cuts after the last line break outside quotes', async () => {
    expect(await cut('a,1\r\nb,2\r\n')).toBe('a,1\r\n');
    expect(await cut('a,1\r\n"b\r\n""c""\r\nd",2\r\n')).toBe('a,1\r\n');
    expect(await cut('"x\r\ny",1\r\n"",2\r\n')).toBe('"x\r\ny",1\r\n');
  });

  it('[X4] empties a file of one record, however long', async () => {
    expect(await cut(`"${'\r\n'.repeat(40_000)}",1\r\n`)).toBe('');
  });
});
