// Temporary tables the generator's big queries join against: per-MCC and per-state parameters, the
// inverse cumulative distributions of day and hour (a uniform picks a bucket, the bucket names a day
// or an hour), the interchange programme of every product × channel × MCC family × downgrade level,
// and the dispute reason picks. All weights are integers so the buckets are the same on any machine.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ANNUAL_GROWTH, HOUR_CURVES, SEASON_FACTORS } from './calendarProfiles.ts';
import { CARD_PRODUCTS, type Channel } from './cardProducts.ts';
import { DISPUTE_CATEGORY_MIX, DISPUTE_REASONS } from './disputeReasons.ts';
import { CARD_PRESENT_CHARGEBACK_RATE, INDUSTRIES, PROGRAM_FAMILIES } from './industries.ts';
import { resolveProgram, type ProgramLevel } from './interchangePrograms.ts';
import { valuesTable, type SqlScalar } from './sql.ts';
import { STATES } from './states.ts';

/** Buckets of the day and hour samplers: enough that a bucket never spans much of a day or hour. */
export const DAY_BUCKETS = 65536;
export const HOUR_BUCKETS = 1024;

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Buckets [lo, hi) of each item, proportional to its integer weight, covering 0 … buckets − 1. */
function bucketRanges(weights: readonly number[], buckets: number): [number, number][] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let cumulative = 0;
  return weights.map((w) => {
    const lo = Math.floor((cumulative * buckets) / total);
    cumulative += w;
    return [lo, Math.floor((cumulative * buckets) / total)];
  });
}

/**
 * Each season's integer weight for every day from `windowStart` through `lastDay`: month × weekday
 * factor, grown by ANNUAL_GROWTH from windowStart on (a top-up past the window keeps growing).
 */
export function seasonDayWeights(
  windowStart: string,
  lastDay: string,
): { season: string; days: string[]; weights: number[] }[] {
  const start = Date.parse(`${windowStart}T00:00:00Z`);
  const count = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - start) / DAY_MS) + 1;
  const days = Array.from({ length: count }, (_, i) => isoDate(start + i * DAY_MS));
  return Object.entries(SEASON_FACTORS).map(([season, { months = {}, weekdays = {} }]) => ({
    season,
    days,
    weights: days.map((_, i) => {
      const date = new Date(start + i * DAY_MS);
      const isoWeekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
      const factor = (months[date.getUTCMonth() + 1] ?? 100) * (weekdays[isoWeekday] ?? 100);
      return Math.round(factor * (1 + (ANNUAL_GROWTH * i) / 365));
    }),
  }));
}

function calendarRows(windowStart: string, windowEnd: string): SqlScalar[][] {
  const rows: SqlScalar[][] = [];
  for (const { season, days, weights } of seasonDayWeights(windowStart, windowEnd)) {
    bucketRanges(weights, DAY_BUCKETS).forEach(([lo, hi], i) => rows.push([season, days[i]!, lo, hi]));
  }
  return rows;
}

/** Every card product × channel × MCC family × level with its programme (the upload loader prices with it too). */
export function programLookupRows(): SqlScalar[][] {
  const levels: ProgramLevel[] = ['normal', 'eirf', 'standard', 'no_data'];
  const rows: SqlScalar[][] = [];
  for (const product of CARD_PRODUCTS) {
    for (const channel of ['cp', 'cnp'] as Channel[]) {
      for (const family of PROGRAM_FAMILIES) {
        for (const level of levels) {
          const program = resolveProgram(product, channel, family, level);
          rows.push([
            product.brand,
            product.cardType,
            product.tier,
            product.regulated,
            channel,
            family,
            level,
            program.programId,
            program.pct,
            program.fixed,
          ]);
        }
      }
    }
  }
  return rows;
}

function disputePickRows(): SqlScalar[][] {
  const rows: SqlScalar[][] = [];
  for (const network of ['visa', 'mastercard', 'amex', 'discover'] as const) {
    for (const channel of ['cp', 'cnp'] as const) {
      for (const [category] of DISPUTE_CATEGORY_MIX[channel]) {
        const reasons = DISPUTE_REASONS.filter(
          (r) => r.network === network && r.category === category && (r.channel === channel || r.channel === 'any'),
        );
        const total = reasons.reduce((sum, r) => sum + r.weight, 0);
        let cumulative = 0;
        reasons.forEach((r, i) => {
          const lo = cumulative / total;
          cumulative += r.weight;
          rows.push([
            network,
            channel,
            category,
            lo,
            i === reasons.length - 1 ? 1.01 : cumulative / total,
            r.reasonCode,
          ]);
        });
      }
    }
  }
  return rows;
}

/** The day sampler over windowStart … windowEnd: gen_calendar (each day's buckets per season) and gen_day_lookup (bucket → day). */
function dayLookupStatements(windowStart: string, windowEnd: string): string[] {
  return [
    `create or replace temp table gen_calendar as select season, day::date as day, lo, hi from ${valuesTable('v', ['season', 'day', 'lo', 'hi'], calendarRows(windowStart, windowEnd))}`,
    `create or replace temp table gen_day_lookup as select season, day, unnest(range(lo, hi)) as bucket from gen_calendar`,
  ];
}

/** Points the day sampler at other days (a top-up's one day: every bucket names it). */
export async function replaceDayLookup(
  connection: DuckDBConnection,
  windowStart: string,
  windowEnd: string,
): Promise<void> {
  for (const sql of dayLookupStatements(windowStart, windowEnd)) await connection.run(sql);
}

export async function createGeneratorLookups(
  connection: DuckDBConnection,
  windowStart: string,
  windowEnd: string,
): Promise<void> {
  const industryRows = INDUSTRIES.map((i) => [
    i.mcc,
    i.industryGroupId,
    i.riskClass,
    i.cardPresentShare,
    i.ticketMedian,
    i.ticketSigma,
    i.chargebackRate,
    CARD_PRESENT_CHARGEBACK_RATE[i.riskClass],
    i.season,
    i.hours,
    i.refundRate,
    i.crossBorderShare,
    i.recurringShare,
    i.family,
    i.tipShare,
    i.b2b,
    i.nouns.join('|'),
  ]);
  const hourRows = Object.entries(HOUR_CURVES).flatMap(([profile, curve]) =>
    bucketRanges(curve, HOUR_BUCKETS).map(([lo, hi], hour) => [profile, hour, lo, hi]),
  );
  const statements = [
    ...dayLookupStatements(windowStart, windowEnd),
    `create or replace temp table gen_industries as select * from ${valuesTable(
      'v',
      [
        'mcc',
        'industry_group_id',
        'risk_class',
        'cp_share',
        'ticket_median',
        'ticket_sigma',
        'cb_rate_cnp',
        'cb_rate_cp',
        'season',
        'hours',
        'refund_rate',
        'xb_share',
        'recurring_share',
        'family',
        'tip_share',
        'b2b',
        'nouns',
      ],
      industryRows,
    )}`,
    `create or replace temp table gen_states as select * from ${valuesTable(
      'v',
      ['state_code', 'cities'],
      STATES.map((s) => [s.stateCode, s.cities.join('|')]),
    )}`,
    `create or replace temp table gen_hour_lookup as select profile, hour, unnest(range(lo, hi)) as bucket from ${valuesTable('v', ['profile', 'hour', 'lo', 'hi'], hourRows)}`,
    `create or replace temp table gen_program_lookup as select * from ${valuesTable(
      'v',
      ['brand', 'card_type', 'tier', 'regulated', 'channel', 'family', 'level', 'program_id', 'pct', 'fixed'],
      programLookupRows(),
    )}`,
    `create or replace temp table gen_dispute_pick as select * from ${valuesTable('v', ['network', 'channel', 'category', 'lo', 'hi', 'reason_code'], disputePickRows())}`,
  ];
  for (const sql of statements) await connection.run(sql);
}

/** Drops what createGeneratorLookups made (temp tables also vanish with the connection). */
export async function dropGeneratorLookups(connection: DuckDBConnection): Promise<void> {
  for (const table of [
    'gen_industries',
    'gen_states',
    'gen_calendar',
    'gen_day_lookup',
    'gen_hour_lookup',
    'gen_program_lookup',
    'gen_dispute_pick',
    'gen_merchants',
    'gen_merchant_agents',
    'gen_sale_slots',
    'gen_day_weights',
  ]) {
    await connection.run(`drop table if exists ${table}`);
  }
}
