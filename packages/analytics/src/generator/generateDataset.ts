// One organisation's synthetic acquirer dataset (DATA.md §1): its previous rows are deleted, then
// merchants, sales, refunds, chargebacks, settlements and the merchant_daily rollup are generated
// inside DuckDB, and the datasets ledger records what was made, last.
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import { FACT_TABLES, ROLLUP_TABLES } from '../schema/tables.ts';
import { createGeneratorLookups, dropGeneratorLookups } from './createGeneratorLookups.ts';
import { generateChargebacks } from './generateChargebacks.ts';
import { generateMerchants } from './generateMerchants.ts';
import { generateRefunds } from './generateRefunds.ts';
import { generateSales } from './generateSales.ts';
import { generateSettlements } from './generateSettlements.ts';
import { plantAmlCases } from './plantAmlCases.ts';
import type { GenerationContext } from './generationContext.ts';
import { datasetSeed } from './random.ts';

/** Bump when a change alters generated rows; it is part of the seed and of the datasets ledger. */
export const GENERATOR_VERSION = 4;

export interface GenerateDatasetOptions {
  /** The organisation whose rows are replaced (1 … 90,000,000, so ids fit in a bigint). */
  orgId: number;
  /** DATA.md §1: merchants = max(25, round(1,000 × SF)), sales attempts = round(3,000,000 × SF). */
  scaleFactor: number;
  /** The first day of the last of the 13 months, 'YYYY-MM-01'; the data ends on that month's last day. */
  endMonth: string;
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

/** The end month of a dataset made on `today` (DATA.md §1: the data ends with the current month). */
export function endMonthOf(today: Date | string): string {
  return `${(typeof today === 'string' ? today : today.toISOString()).slice(0, 7)}-01`;
}

/** First and last day of the 13 months ending with endMonth. */
export function datasetWindow(endMonth: string): { windowStart: string; windowEnd: string } {
  if (!END_MONTH_PATTERN.test(endMonth)) throw new Error(`Expected endMonth as 'YYYY-MM-01', received ${JSON.stringify(endMonth)}`);
  const [year, month] = endMonth.split('-').map(Number) as [number, number];
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return { windowStart: iso(new Date(Date.UTC(year, month - 13, 1))), windowEnd: iso(new Date(Date.UTC(year, month, 0))) };
}

function contextOf(options: GenerateDatasetOptions): GenerationContext {
  const { orgId, scaleFactor, endMonth, version = GENERATOR_VERSION } = options;
  if (!Number.isInteger(orgId) || orgId < 1 || orgId > MAX_ORG_ID) throw new Error(`Expected orgId as an integer in 1 … ${MAX_ORG_ID}, received ${orgId}`);
  if (!(scaleFactor > 0 && scaleFactor <= MAX_SCALE_FACTOR)) throw new Error(`Expected scaleFactor as a number in (0, ${MAX_SCALE_FACTOR}], received ${scaleFactor}`);
  if (!Number.isInteger(version)) throw new Error(`Expected version as an integer, received ${version}`);
  return {
    orgId,
    seed: datasetSeed(orgId, scaleFactor, version),
    merchantCount: Math.max(25, Math.round(1000 * scaleFactor)),
    transactionCount: Math.round(3_000_000 * scaleFactor),
    ...datasetWindow(endMonth),
  };
}

export async function generateDataset(connection: DuckDBConnection, options: GenerateDatasetOptions): Promise<GenerateDatasetResult> {
  const started = performance.now();
  const ctx = contextOf(options);
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
    await generateMerchants(connection, ctx);
    await generateSales(connection, ctx);
    await generateRefunds(connection, ctx);
    await generateChargebacks(connection, ctx);
    // after chargebacks (planted sales draw none), before settlements and the rollup (which count them)
    await plantAmlCases(connection, ctx, options.endMonth);
    await generateSettlements(connection, ctx);
    await buildMerchantDaily(connection, ctx.orgId);
  } finally {
    await dropGeneratorLookups(connection);
  }
  // Milliseconds since the epoch: a later generation of the organisation always has a larger version.
  await connection.run(`insert into datasets
    select ${ctx.orgId}, ${options.scaleFactor}, ${options.version ?? GENERATOR_VERSION}, date '${options.endMonth}', ${Date.now()}, now()::timestamp`);
  const counts = await connection.runAndReadAll(`select (select count(*) from merchants where org_id = ${ctx.orgId}) as merchants,
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
