// An uploaded ruling counts in the catalogue (docs/UPLOADS.md U27), on DuckDB and ClickHouse
// (one server, or the two-shard cluster: crossEngineUploads.ts registers this with its loads). A
// represented dispute still open gets "ruled won": the dispute win rate, the fought win rate and the
// recovery rate move by exactly that dispute (hand-written counts before, the same counts plus one
// after), from the raw facts and the rollup; a new version saying "ruled lost", its roll back and the
// upload's delete move them again, and the delete gives back the answers from before.
import { queryDescriptionSchema, type QueryResult } from '@payportal/shared/analytics';
import { uploadHeader } from '@payportal/shared/uploads';
import { expect, it } from 'vitest';
import { queryRows } from '../src/clickhouse/runClickHouseQuery.ts';
import type { QueryScope } from '../src/compiler/compileQuery.ts';
import type { LoadUploadRequest, LoadUploadResult } from '../src/uploads/loadUpload.ts';
import type { Engines } from './crossEngineMerchantPage.ts';

type LoadBoth = (
  request: Omit<LoadUploadRequest, 'orgId' | 'path'> & { text: string },
) => Promise<{ result: LoadUploadResult }>;

const RATES = queryDescriptionSchema.parse({
  measures: ['chargeback_win_rate', 'dispute_win_rate_fought', 'dispute_recovery_rate', 'disputes_open'],
});

/** What the rates are made of, counted by hand over every chargeback of the organisation. */
interface Counts {
  won: number;
  decided: number;
  foughtWon: number;
  fought: number;
  amountWon: number;
  amount: number;
  open: number;
}

const rates = (c: Counts) => [c.won / c.decided, c.foughtWon / c.fought, c.amountWon / c.amount, c.open];

export function disputeOutcomeTests(engines: () => Engines, scope: QueryScope, loadBoth: LoadBoth): void {
  it('[U27] an uploaded ruling counts in the catalogue alike, by exactly its dispute; a new version, a roll back and a delete move it back', async () => {
    const { duckdb, clickhouse } = engines();
    const read = (sql: string) =>
      duckdb.withConnection(async (c) => (await c.runAndReadAll(sql)).getRowsJS().map((row) => row.map(String)));
    const org = scope.orgId;
    const [[today]] = (await read(
      `select coalesce(last_day, last_day(end_month))::varchar from datasets where org_id = ${org}`,
    )) as [[string]];
    // a represented dispute awaiting its ruling, and its amount
    const [[dispute, amountText]] = (await read(`select chargeback_id, amount::double from chargebacks
      where org_id = ${org} and outcome = 'pending' and chargeback_id in (select chargeback_id from dispute_events
        where org_id = ${org} group by chargeback_id having arg_max(event, seq) = 'represented')
      order by chargeback_id limit 1`)) as [[string, string]];
    const amount = Number(amountText);
    const [[won, decided, foughtWon, fought, amountWon, total, open]] = (
      await read(`select count(*) filter (where outcome = 'won'), count(*) filter (where outcome in ('won', 'lost', 'accepted')),
        count(*) filter (where represented and outcome = 'won'), count(*) filter (where represented and outcome <> 'pending'),
        coalesce(sum(amount) filter (where outcome = 'won'), 0)::double, sum(amount)::double,
        count(*) filter (where last_event not in ('accepted', 'expired', 'reversed', 'ruled_won', 'ruled_lost'))
      from chargebacks c left join (select chargeback_id, bool_or(event = 'represented') as represented, arg_max(event, seq) as last_event
        from dispute_events where org_id = ${org} group by chargeback_id) e using (chargeback_id)
      where c.org_id = ${org}`)
    ).map((row) => row.map(Number)) as [[number, number, number, number, number, number, number]];
    const before: Counts = { won, decided, foughtWon, fought, amountWon, amount: total, open };

    const expectClose = (actual: number[], expected: number[]) =>
      actual.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 12));
    /** The catalogue's answers on both engines, raw and from the rollup where it can answer, all alike. */
    const answers = async (): Promise<number[]> => {
      const ask = (engine: typeof duckdb | typeof clickhouse, rollup: 'never' | 'auto') =>
        engine.query(RATES, scope, { rollup, rowCap: 10 });
      const results: QueryResult[] = await Promise.all([
        ask(duckdb, 'never'),
        ask(duckdb, 'auto'),
        ask(clickhouse, 'never'),
        ask(clickhouse, 'auto'),
      ]);
      const [first, ...others] = results.map((result) => result.rows[0] as number[]);
      for (const other of others) expectClose(other, first!);
      return first!;
    };
    const expectRates = async (counts: Counts) => expectClose(await answers(), rates(counts));
    /** The chargeback's outcome as each engine stores it. */
    const outcomes = async () => {
      const sql = `select outcome from chargebacks where org_id = ${org} and chargeback_id = ${dispute}`;
      return [(await read(sql))[0]![0], String((await queryRows(clickhouse.client, sql))[0]![0])];
    };

    const original = await answers();
    await expectRates(before);
    const ruling = (event: string) => [uploadHeader('dispute_events'), `${dispute},${today},${event}`, ''].join('\n');
    const load = (uploadId: number, event: string, removing: number[]) =>
      loadBoth({ uploadId, kind: 'dispute_events', rejectWholeFile: false, removing, text: ruling(event) });
    const wonCounts: Counts = {
      ...before,
      won: won + 1,
      decided: decided + 1,
      foughtWon: foughtWon + 1,
      fought: fought + 1,
      amountWon: amountWon + amount,
      open: open - 1,
    };
    const lostCounts: Counts = { ...before, decided: decided + 1, fought: fought + 1, open: open - 1 };

    expect((await load(9311, 'ruled_won', [])).result).toMatchObject({ loaded: 1, rejected: 0 });
    expect(await outcomes()).toEqual(['won', 'won']);
    await expectRates(wonCounts);

    expect((await load(9312, 'ruled_lost', [9311])).result).toMatchObject({ loaded: 1, rejected: 0 });
    expect(await outcomes()).toEqual(['lost', 'lost']);
    await expectRates(lostCounts);

    // rolled back: the first version loaded again in place of the second
    expect((await load(9311, 'ruled_won', [9312])).result).toMatchObject({ loaded: 1, rejected: 0 });
    expect(await outcomes()).toEqual(['won', 'won']);
    await expectRates(wonCounts);

    for (const engine of [duckdb, clickhouse]) await engine.removeUploads!(org, [9311]);
    expect(await outcomes()).toEqual(['pending', 'pending']);
    expectClose(await answers(), original);
  }, 240_000);
}
