// The daily top-up: a later start adds the missing days, deterministically per day, and never changes a
// past day's figures. The days after a dataset's last day through a later last day are appended; no
// existing row changes.
//
// A day's rows depend only on the organisation, scale factor, generator version, the window the dataset
// was generated for (`baseLastDay`) and the day itself, so topping up two days at once or one at a time
// gives the same rows. Per day:
// - the merchants are drawn again from the generated window (gatherMerchants: the same attributes, no
//   row written); only those still processing at its end sell (closures and stops are not extended);
// - each processing merchant sells its generated daily pace on that day: its generated attempts × the
//   day's seasonal weight (month, weekday, growth continued past the window) / the weights of its
//   generated active days, rounded up or down by a draw of (merchant, day);
// - those sales are priced and drawn exactly as generated ones (insertSlotSales), with ids in a block of
//   their own per day after the generated ones;
// then the refunds, chargebacks and settlement batches dated on the new days (of old and new sales alike:
// the generator leaves out what falls after its last day, so these are exactly the missing ones), a
// new chargeback's outcome as of the day it arrives (pending); the rollup is rebuilt and the ledger
// moves its last day and data version. One transaction: readers see the dataset before or after.
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import {
  createGeneratorLookups,
  DAY_BUCKETS,
  dropGeneratorLookups,
  replaceDayLookup,
  seasonDayWeights,
} from './createGeneratorLookups.ts';
import { contextOf, DAY_PATTERN } from './generateDataset.ts';
import { generateChargebacks } from './generateChargebacks.ts';
import { generateDisputeEvents } from './generateDisputeEvents.ts';
import { gatherMerchants } from './generateMerchants.ts';
import { generateRefunds } from './generateRefunds.ts';
import { insertSlotSales } from './generateSales.ts';
import { generateSettlements } from './generateSettlements.ts';
import { PLANTED_ID_OFFSET, REFUND_ID_OFFSET } from './generationContext.ts';
import { uniform } from './random.ts';
import { valuesTable } from './sql.ts';

export interface TopUpRequest {
  orgId: number;
  scaleFactor: number;
  /** The last day of the window the dataset was generated for (`datasets.base_last_day`). */
  baseLastDay: string;
  /** The dataset's last day now (`datasets.last_day`): days after it are added. */
  fromDay: string;
  /** The new last day (yesterday). */
  lastDay: string;
  /** Seeds the stream instead of GENERATOR_VERSION, as the generation did. */
  version?: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const isoDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * Sale ids of top-up day k (1 = the day after the generated window) start at attempts + (k − 1) × block,
 * a block being a fiftieth of the generated attempts (a day holds about a four-hundredth). They stay
 * below 4 × 10^10, so a refund's id (sale + 5 × 10^10) stays below the planted cases' (9 × 10^10).
 */
export function topUpIdBlock(transactionCount: number): { block: number; days: number } {
  const block = Math.max(1000, Math.ceil(transactionCount / 50));
  return { block, days: Math.floor((PLANTED_ID_OFFSET - REFUND_ID_OFFSET - transactionCount) / block) };
}

/** Whether the days through `lastDay` fit the id blocks of a dataset generated through `baseLastDay`. */
export function canTopUp(scaleFactor: number, baseLastDay: string, lastDay: string): boolean {
  return dayNumber(lastDay) - dayNumber(baseLastDay) <= topUpIdBlock(Math.round(3_000_000 * scaleFactor)).days;
}

export interface TopUpResult {
  /** The days added, oldest first. */
  days: string[];
  /** Sales attempts added. */
  sales: number;
  ms: number;
}

export async function topUpDataset(connection: DuckDBConnection, request: TopUpRequest): Promise<TopUpResult> {
  const started = performance.now();
  for (const day of [request.baseLastDay, request.fromDay, request.lastDay]) {
    if (!DAY_PATTERN.test(day)) throw new Error(`Expected days as 'YYYY-MM-DD', received ${JSON.stringify(day)}`);
  }
  if (request.fromDay < request.baseLastDay)
    throw new Error(
      `A dataset's last day (${request.fromDay}) cannot be before its generated window's (${request.baseLastDay})`,
    );
  if (!canTopUp(request.scaleFactor, request.baseLastDay, request.lastDay))
    throw new Error(`Too many days after ${request.baseLastDay} to top up; generate the dataset again`);
  const ctx = contextOf({
    orgId: request.orgId,
    scaleFactor: request.scaleFactor,
    lastDay: request.baseLastDay,
    version: request.version,
  });
  const days = Array.from({ length: Math.max(0, dayNumber(request.lastDay) - dayNumber(request.fromDay)) }, (_, i) =>
    isoDay(dayNumber(request.fromDay) + 1 + i),
  );
  if (days.length === 0) return { days, sales: 0, ms: Math.round(performance.now() - started) };
  const { block } = topUpIdBlock(ctx.transactionCount);
  const before = await countSales(connection, ctx.orgId);
  await connection.run('begin transaction');
  try {
    await createGeneratorLookups(connection, ctx.windowStart, ctx.windowEnd);
    await gatherMerchants(connection, ctx);
    await createDayWeights(connection, ctx.windowStart, request.lastDay);
    // every bucket of the day sampler names the one day being added
    await connection.run(`update gen_merchants set bucket_lo = 0, bucket_hi = ${DAY_BUCKETS}`);
    for (const day of days) {
      await replaceDayLookup(connection, day, day);
      const first = ctx.transactionCount + (dayNumber(day) - dayNumber(ctx.windowEnd) - 1) * block;
      await connection.run(daySlotsSql(ctx.seed, day, first));
      const [[count]] = (await connection.runAndReadAll('select count(*) from gen_sale_slots')).getRowsJS() as [
        [bigint],
      ];
      if (Number(count) > block)
        throw new Error(`Top-up day ${day} has ${count} sales, more than its id block of ${block}`);
      await insertSlotSales(connection, ctx);
    }
    const appended = { ...ctx, windowEnd: request.lastDay };
    await generateRefunds(connection, appended, request.fromDay);
    await generateChargebacks(connection, appended, request.fromDay);
    await generateDisputeEvents(connection, appended, request.fromDay);
    await generateSettlements(connection, appended, request.fromDay);
    await buildMerchantDaily(connection, ctx.orgId);
    await connection.run(`update datasets set base_last_day = coalesce(base_last_day, last_day), last_day = date '${request.lastDay}',
        end_month = date '${request.lastDay.slice(0, 7)}-01', data_version = greatest(data_version + 1, epoch_ms(now()))
      where org_id = ${ctx.orgId}`);
    await dropGeneratorLookups(connection);
    await connection.run('commit');
  } catch (error) {
    await connection.run('rollback');
    throw error;
  }
  return {
    days,
    sales: (await countSales(connection, ctx.orgId)) - before,
    ms: Math.round(performance.now() - started),
  };
}

async function countSales(connection: DuckDBConnection, orgId: number): Promise<number> {
  const rows = (
    await connection.runAndReadAll(`select count(*) from transactions where org_id = ${orgId} and not is_refund`)
  ).getRowsJS();
  return Number(rows[0]![0]);
}

/** gen_day_weights(season, day, weight, cumulative): every season's weight of each day from windowStart through lastDay. */
async function createDayWeights(connection: DuckDBConnection, windowStart: string, lastDay: string): Promise<void> {
  const rows = seasonDayWeights(windowStart, lastDay).flatMap(({ season, days, weights }) => {
    let cumulative = 0;
    return days.map((day, i) => [season, day, weights[i]!, (cumulative += weights[i]!)]);
  });
  await connection.run(`create or replace temp table gen_day_weights as select season, day::date as day, weight::bigint as weight, cumulative::bigint as cumulative
    from ${valuesTable('v', ['season', 'day', 'weight', 'cumulative'], rows)}`);
}

/**
 * The day's sale slots: each processing merchant's generated attempts spread over its generated active
 * days by weight, this day's share of that pace (exact integers until the one division), rounded by a
 * draw; seq numbers run on from `first` in merchant order.
 */
function daySlotsSql(seed: bigint, day: string, first: number): string {
  return `create or replace temp table gen_sale_slots as
with paced as (
  select m.n, m.merchant_id,
    floor((m.tx_end - m.tx_start)::double * d.weight / (e.cumulative - s.cumulative + s.weight)
      + ${uniform(`m.merchant_id, date '${day}'`, 'topUpSales', seed)})::bigint as sales
  from gen_merchants m
  join gen_day_weights d on d.season = m.season and d.day = date '${day}'
  join gen_day_weights s on s.season = m.season and s.day = m.active_start
  join gen_day_weights e on e.season = m.season and e.day = m.active_end
  where m.status = 'processing'
), numbered as (
  select merchant_id, (${first} + sum(sales) over (order by n rows between unbounded preceding and current row) - sales)::bigint as start, sales from paced where sales > 0
)
select merchant_id, unnest(range(start, start + sales)) as seq from numbered`;
}
