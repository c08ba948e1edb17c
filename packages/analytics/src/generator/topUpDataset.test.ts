// The daily top-up as a stack lives it: the clock moves on (the last day asked for is yesterday of a
// later today, no sleeping), and the dataset gains exactly the days in between; every figure of an
// earlier day stays as it was, no day arrives twice, and a day's rows are the same however many days
// were added at once.
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBEngine } from '../duckdb/duckdbEngine.ts';
import { dayBefore } from './generateDataset.ts';

const ORG = 4;
const SCALE = 0.05;
/** The day the stack was first started, and the days it is started again. */
const FIRST_START = '2026-10-21';
const NEXT_START = '2026-10-22';
const LATER_START = '2026-10-24';

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every table's rows by day, fingerprinted: a row changed, added or lost on a day changes that day's print. */
const FINGERPRINTS = {
  transactions: `select strftime(txn_date, '%Y-%m-%d') as day, count(*) as rows, sum(hash(tx_id, merchant_id, ts, amount, auth_result, decline_code, interchange_fee,
      scheme_fee, merchant_fee, net_revenue, settle_date, is_refund, card_hash, entry_mode))::varchar as print from transactions where org_id = ${ORG} group by day`,
  chargebacks: `select strftime(received_date, '%Y-%m-%d') as day, count(*) as rows, sum(hash(chargeback_id, tx_id, amount, reason_code, stage, outcome, sale_date))::varchar as print
      from chargebacks where org_id = ${ORG} group by day`,
  dispute_events: `select strftime(event_date, '%Y-%m-%d') as day, count(*) as rows, sum(hash(chargeback_id, seq, stage, event, actor, due_date))::varchar as print
      from dispute_events where org_id = ${ORG} group by day`,
  settlements: `select strftime(batch_date, '%Y-%m-%d') as day, count(*) as rows, sum(hash(merchant_id, gross_sales, refunds, chargebacks, fees_withheld, reserve_held, net_deposit, tx_count))::varchar as print
      from settlements where org_id = ${ORG} group by day`,
} as const;

type Prints = Record<keyof typeof FINGERPRINTS, Map<string, string>>;

async function fingerprints(engine: DuckDBEngine): Promise<Prints> {
  return engine.withConnection(async (connection) => {
    const prints = {} as Prints;
    for (const [table, sql] of Object.entries(FINGERPRINTS)) {
      const rows = (await connection.runAndReadAll(sql)).getRowObjectsJS() as {
        day: string;
        rows: bigint;
        print: string;
      }[];
      prints[table as keyof Prints] = new Map(rows.map((row) => [row.day, `${row.rows}:${row.print}`]));
    }
    return prints;
  });
}

/** The days a table gained are the days added: every one of them for sales and batches; chargebacks and their events (a few a day at this size) may skip one. */
function expectAddedDays(table: keyof Prints, gained: string[], added: string[]) {
  if (table === 'chargebacks' || table === 'dispute_events')
    expect(added, table).toEqual(expect.arrayContaining(gained));
  else expect(gained, table).toEqual(added);
}
const onOrBefore = (prints: Map<string, string>, last: string) => new Map([...prints].filter(([day]) => day <= last));
const after = (prints: Map<string, string>, last: string) => [...prints.keys()].filter((day) => day > last).sort();

/** What a dashboard shows by day, through the query API (rollup where it can). */
const MEASURES = [
  'gsv',
  'authorisations',
  'approval_rate',
  'net_revenue',
  'scheme_fees',
  'interchange',
  'refunds',
  'chargebacks',
  'chargeback_amount',
] as const;
const byDay = queryDescriptionSchema.parse({
  measures: MEASURES,
  timeDimension: { dimension: 'date', granularity: 'day' },
});

describe('topping up a dataset when the stack starts on a later day', () => {
  let engine: DuckDBEngine;
  let fresh: DuckDBEngine;
  beforeAll(async () => {
    engine = await DuckDBEngine.open({ path: ':memory:', connections: 1 });
    fresh = await DuckDBEngine.open({ path: ':memory:', connections: 1 });
    expect(await engine.ensureDataset({ orgId: ORG, scaleFactor: SCALE, lastDay: dayBefore(FIRST_START) })).toBe(
      'generated',
    );
  });
  afterAll(async () => {
    await engine?.close();
    await fresh?.close();
  });

  it('adds exactly the days since the last start, changing no figure of an earlier day', async () => {
    const firstLast = dayBefore(FIRST_START);
    const before = await fingerprints(engine);
    const scope = { orgId: ORG, today: FIRST_START };
    const answerBefore = await engine.query(byDay, scope);
    const versionBefore = await engine.dataVersion(ORG);

    let generated = false;
    expect(
      await engine.ensureDataset(
        { orgId: ORG, scaleFactor: SCALE, lastDay: dayBefore(NEXT_START) },
        () => (generated = true),
      ),
    ).toBe('topped up');
    expect(generated).toBe(false);
    const after1 = await fingerprints(engine);
    for (const table of Object.keys(FINGERPRINTS) as (keyof Prints)[]) {
      expect(onOrBefore(after1[table], firstLast), table).toEqual(before[table]);
      expectAddedDays(table, after(after1[table], firstLast), [dayBefore(NEXT_START)]);
    }
    expect(Number(await engine.dataVersion(ORG))).toBeGreaterThan(Number(versionBefore));

    // the same question asked on the next day: the earlier days' rows are the same, one more day at the end
    const answerAfter = await engine.query(byDay, { orgId: ORG, today: NEXT_START });
    expect(answerAfter.rows.slice(0, answerBefore.rows.length)).toEqual(answerBefore.rows);
    expect(answerAfter.rows.length).toBe(answerBefore.rows.length + 1);
    expect(answerAfter.rows.at(-1)![0]).toBe(dayBefore(NEXT_START));
  });

  it('adds several days when the stack was stopped for several, and none twice', async () => {
    const previousLast = dayBefore(NEXT_START);
    const before = await fingerprints(engine);
    expect(await engine.ensureDataset({ orgId: ORG, scaleFactor: SCALE, lastDay: dayBefore(LATER_START) })).toBe(
      'topped up',
    );
    // started again the same day: nothing to add
    expect(await engine.ensureDataset({ orgId: ORG, scaleFactor: SCALE, lastDay: dayBefore(LATER_START) })).toBe(
      'reused',
    );
    const now = await fingerprints(engine);
    const added = [nextDay(previousLast), dayBefore(LATER_START)];
    for (const table of Object.keys(FINGERPRINTS) as (keyof Prints)[]) {
      expect(onOrBefore(now[table], previousLast), table).toEqual(before[table]);
      expectAddedDays(table, after(now[table], previousLast), added);
    }
    await engine.withConnection(async (connection) => {
      const [row] = (
        await connection.runAndReadAll(`select count(*) = count(distinct tx_id), (select count(*) = count(distinct chargeback_id) from chargebacks where org_id = ${ORG}),
          (select count(*) = count(distinct (merchant_id, batch_date)) from settlements where org_id = ${ORG}),
          (select count(*) = count(distinct (merchant_id, day, card_present)) from merchant_daily where org_id = ${ORG}),
          strftime(max(txn_date), '%Y-%m-%d'), (select strftime(last_day, '%Y-%m-%d') || ' ' || strftime(base_last_day, '%Y-%m-%d') from datasets where org_id = ${ORG})
        from transactions where org_id = ${ORG}`)
      ).getRowsJS();
      expect(row).toEqual([
        true,
        true,
        true,
        true,
        dayBefore(LATER_START),
        `${dayBefore(LATER_START)} ${dayBefore(FIRST_START)}`,
      ]);
    });
  });

  it("sells each new day at the portfolio's recent pace, with the new day's refunds, chargebacks and settlements", async () => {
    await engine.withConnection(async (connection) => {
      const [row] = (
        await connection.runAndReadAll(`select
          count(*) filter (where txn_date = date '${dayBefore(LATER_START)}' and not is_refund) as last_day_sales,
          count(*) filter (where txn_date between date '${dayBefore(FIRST_START)}' - 27 and date '${dayBefore(FIRST_START)}' and not is_refund) / 28 as daily_pace,
          count(*) filter (where txn_date = date '${dayBefore(LATER_START)}' and is_refund) as refunds,
          (select count(*) from chargebacks where org_id = ${ORG} and received_date > date '${dayBefore(FIRST_START)}' and sale_date <= date '${dayBefore(FIRST_START)}') as chargebacks_of_earlier_sales
        from transactions where org_id = ${ORG}`)
      ).getRowObjectsJS() as {
        last_day_sales: bigint;
        daily_pace: number;
        refunds: bigint;
        chargebacks_of_earlier_sales: bigint;
      }[];
      expect(Number(row!.last_day_sales)).toBeGreaterThan(0.6 * row!.daily_pace);
      expect(Number(row!.last_day_sales)).toBeLessThan(1.4 * row!.daily_pace);
      expect(Number(row!.refunds)).toBeGreaterThan(0);
      // the sales made before the first start have their disputes arriving on the new days
      expect(Number(row!.chargebacks_of_earlier_sales)).toBeGreaterThan(0);
    });
  });

  it('gives the same rows whether the days came one start at a time or at once', async () => {
    await fresh.ensureDataset({ orgId: ORG, scaleFactor: SCALE, lastDay: dayBefore(FIRST_START) });
    expect(await fresh.ensureDataset({ orgId: ORG, scaleFactor: SCALE, lastDay: dayBefore(LATER_START) })).toBe(
      'topped up',
    );
    expect(await fingerprints(fresh)).toEqual(await fingerprints(engine));
  });

  it('keeps the rollup answering what the raw rows answer on the new days', async () => {
    const scope = { orgId: ORG, today: LATER_START };
    const description = queryDescriptionSchema.parse({
      measures: [...MEASURES, 'chargeback_ratio_cohort', 'vamp_ratio_cohort', 'declines'],
      timeDimension: { dimension: 'date', granularity: 'day', dateRange: 'last_7_days' },
    });
    const rollup = await engine.query(description, scope, { rollup: 'auto' });
    const raw = await engine.query(description, scope, { rollup: 'never' });
    expect(rollup.source).toBe('rollup');
    expect(rollup.rows).toEqual(raw.rows);
    expect(rollup.rows.map((row) => row[0])).toContain(dayBefore(LATER_START));
  });
});
