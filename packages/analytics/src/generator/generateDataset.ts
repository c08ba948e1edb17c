// One organisation's synthetic acquirer dataset: its previous rows are deleted, then
// merchants, sales, refunds, chargebacks, settlements and the merchant_daily rollup are generated
// inside DuckDB, and the datasets ledger records what was made, last.
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import { FACT_TABLES, ROLLUP_TABLES } from '../schema/tables.ts';
import { createGeneratorLookups, dropGeneratorLookups } from './createGeneratorLookups.ts';
import { generateChargebacks } from './generateChargebacks.ts';
import { generateDisputeEvents } from './generateDisputeEvents.ts';
import { generateMerchants } from './generateMerchants.ts';
import { generatePortfolio } from './generatePortfolio.ts';
import { generateRefunds } from './generateRefunds.ts';
import { generateResiduals } from './generateResiduals.ts';
import { generateSales } from './generateSales.ts';
import { generateSettlements } from './generateSettlements.ts';
import { plantAmlCases } from './plantAmlCases.ts';
import type { GenerationContext } from './generationContext.ts';
import { datasetSeed, DISPUTES_STREAM, MAIN_STREAM_VERSION, PORTFOLIO_STREAM, RESIDUALS_STREAM } from './random.ts';

/** Bump when a change alters generated rows; it is part of the seed and of the datasets ledger. */
export const GENERATOR_VERSION = 6;

export interface GenerateDatasetOptions {
  /** The organisation whose rows are replaced (1 … 90,000,000, so ids fit in a bigint). */
  orgId: number;
  /** merchants = max(25, round(1,000 × SF)), sales attempts = round(3,000,000 × SF). */
  scaleFactor: number;
  /**
   * Where the 13 months end: `lastDay` 'YYYY-MM-DD' (yesterday in the organisation's time
   * zone, as `npm start` asks; the months run from the day after lastDay's date 13 months earlier), or
   * `endMonth` 'YYYY-MM-01' (whole calendar months ending with that month's last day: fixed windows for tests).
   */
  endMonth?: string;
  lastDay?: string;
  /** Seeds the stream instead of GENERATOR_VERSION (to reproduce an older dataset's draws). */
  version?: number;
}

export interface GenerateDatasetResult {
  merchants: number;
  /** Rows written to transactions: sales attempts (approved and declined) plus refunds. */
  transactions: number;
  chargebacks: number;
  ms: number;
}

/** The limits of a generation, checked here and by the CLI's arguments (generateCliArgs.ts). */
export const MAX_ORG_ID = 90_000_000;
export const MAX_SCALE_FACTOR = 10_000;
export const END_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-01$/;

/** The end month of a dataset made on `today` (the data ends with the current month). */
export function endMonthOf(today: Date | string): string {
  return `${(typeof today === 'string' ? today : today.toISOString()).slice(0, 7)}-01`;
}

export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The day before `today` ('YYYY-MM-DD'): the last day of a dataset made on `today`. */
export function dayBefore(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** First and last day of the 13 months ending on lastDay: from the day after lastDay's date 13 months earlier. */
export function datasetWindowTo(lastDay: string): { windowStart: string; windowEnd: string } {
  if (!DAY_PATTERN.test(lastDay))
    throw new Error(`Expected lastDay as 'YYYY-MM-DD', received ${JSON.stringify(lastDay)}`);
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  // clamped to the earlier month's length (a lastDay of 31 March starts after 28 or 29 February)
  const monthDays = new Date(Date.UTC(year, month - 13, 0)).getUTCDate();
  const start = new Date(Date.UTC(year, month - 14, Math.min(day, monthDays) + 1));
  return { windowStart: start.toISOString().slice(0, 10), windowEnd: lastDay };
}

/** The window of a generation's options: lastDay when given, else endMonth's whole months. */
export function windowOf(options: Pick<GenerateDatasetOptions, 'endMonth' | 'lastDay'>): {
  windowStart: string;
  windowEnd: string;
} {
  if (options.lastDay !== undefined) return datasetWindowTo(options.lastDay);
  if (options.endMonth === undefined) throw new Error('Expected lastDay or endMonth');
  return datasetWindow(options.endMonth);
}

/** First and last day of the 13 months ending with endMonth. */
export function datasetWindow(endMonth: string): { windowStart: string; windowEnd: string } {
  if (!END_MONTH_PATTERN.test(endMonth))
    throw new Error(`Expected endMonth as 'YYYY-MM-01', received ${JSON.stringify(endMonth)}`);
  const [year, month] = endMonth.split('-').map(Number) as [number, number];
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return {
    windowStart: iso(new Date(Date.UTC(year, month - 13, 1))),
    windowEnd: iso(new Date(Date.UTC(year, month, 0))),
  };
}

/** What every step of a generation with these options needs (exported for the merchant tests). */
export function contextOf(options: GenerateDatasetOptions): GenerationContext {
  const { orgId, scaleFactor, version = GENERATOR_VERSION } = options;
  if (!Number.isInteger(orgId) || orgId < 1 || orgId > MAX_ORG_ID)
    throw new Error(`Expected orgId as an integer in 1 … ${MAX_ORG_ID}, received ${orgId}`);
  if (!(scaleFactor > 0 && scaleFactor <= MAX_SCALE_FACTOR))
    throw new Error(`Expected scaleFactor as a number in (0, ${MAX_SCALE_FACTOR}], received ${scaleFactor}`);
  if (!Number.isInteger(version)) throw new Error(`Expected version as an integer, received ${version}`);
  return {
    orgId,
    // versions after MAIN_STREAM_VERSION add tables without moving the existing ones' draws
    seed: datasetSeed(orgId, scaleFactor, Math.min(version, MAIN_STREAM_VERSION)),
    disputesSeed: datasetSeed(orgId, scaleFactor, DISPUTES_STREAM),
    portfolioSeed: datasetSeed(orgId, scaleFactor, PORTFOLIO_STREAM),
    residualsSeed: datasetSeed(orgId, scaleFactor, RESIDUALS_STREAM),
    merchantCount: Math.max(25, Math.round(1000 * scaleFactor)),
    transactionCount: Math.round(3_000_000 * scaleFactor),
    ...windowOf(options),
  };
}

export async function generateDataset(
  connection: DuckDBConnection,
  options: GenerateDatasetOptions,
): Promise<GenerateDatasetResult> {
  const started = performance.now();
  const ctx = contextOf(options);
  // the AML cases' day: a week before the end (inside the signals' 30-day window for three weeks of
  // starts), or the first day of endMonth (inside it all that month)
  const plantDay =
    options.lastDay !== undefined
      ? new Date(Date.parse(`${ctx.windowEnd}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10)
      : options.endMonth!;
  // Not one transaction: DuckDB writes the 3-million-row sales insert of SF 1 about twice as fast
  // outside one (5.8 s against 12.3 s, measured into a database file). Atomicity comes from the datasets
  // ledger instead: the organisation's ledger row goes first and is written again last, so a generation
  // that is interrupted leaves no ledger row, and the next ensureDataset starts over.
  await connection.run(`delete from datasets where org_id = ${ctx.orgId}`);
  for (const table of [...Object.keys(FACT_TABLES), ...Object.keys(ROLLUP_TABLES)]) {
    await connection.run(`delete from ${table} where org_id = ${ctx.orgId}`);
  }
  try {
    await createGeneratorLookups(connection, ctx.windowStart, ctx.windowEnd);
    await generatePortfolio(connection, ctx);
    await generateMerchants(connection, ctx);
    await generateResiduals(connection, ctx);
    await generateSales(connection, ctx);
    // before refunds and chargebacks (planted sales draw none, and the attempts they replace none either)
    await plantAmlCases(connection, ctx, plantDay);
    await generateRefunds(connection, ctx);
    await generateChargebacks(connection, ctx);
    await generateDisputeEvents(connection, ctx);
    await generateSettlements(connection, ctx);
    await buildMerchantDaily(connection, ctx.orgId);
  } finally {
    await dropGeneratorLookups(connection);
  }
  // Milliseconds since the epoch: a later generation of the organisation always has a larger version.
  const lastDay = options.lastDay !== undefined ? `date '${options.lastDay}'` : 'null';
  await connection.run(`insert into datasets (org_id, scale_factor, generator_version, end_month, data_version, generated_at, last_day, base_last_day)
    select ${ctx.orgId}, ${options.scaleFactor}, ${options.version ?? GENERATOR_VERSION}, date '${ctx.windowEnd.slice(0, 7)}-01', ${Date.now()}, now()::timestamp,
      ${lastDay}, ${lastDay}`);
  const counts =
    await connection.runAndReadAll(`select (select count(*) from merchants where org_id = ${ctx.orgId}) as merchants,
      (select count(*) from transactions where org_id = ${ctx.orgId}) as transactions,
      (select count(*) from chargebacks where org_id = ${ctx.orgId}) as chargebacks`);
  const row = counts.getRowObjectsJS()[0] as { merchants: bigint; transactions: bigint; chargebacks: bigint };
  return {
    merchants: Number(row.merchants),
    transactions: Number(row.transactions),
    chargebacks: Number(row.chargebacks),
    ms: Math.round(performance.now() - started),
  };
}
