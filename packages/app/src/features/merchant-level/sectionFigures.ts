// Figures the page derives from the query API's answers, without new numbers of its own: a query's
// cells by column name, changes between two answers, and the peer benchmark's percentiles.
import type { QueryCell, QueryResult } from '@payportal/shared/analytics';
import type { SectionAnswer } from '@payportal/shared/merchants';

export const resultOf = (answer: SectionAnswer, id: string): QueryResult | null =>
  answer.queries.find((query) => query.id === id)?.result ?? null;

/** The first row's value of `column`, or null. */
export function valueOf(result: QueryResult | null, column: string): number | null {
  const index = result?.columns.findIndex((item) => item.name === column) ?? -1;
  const value = index >= 0 ? result!.rows[0]?.[index] : null;
  return typeof value === 'number' ? value : null;
}

/** Relative change from `before` to `now` (0.1 = +10 %), null when either is missing or before is 0. */
export const changeOf = (now: number | null, before: number | null): number | null =>
  now === null || before === null || before === 0 ? null : now / before - 1;

/** a ÷ b, null when either is missing or b is 0. */
export const ratioOf = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : a / b;

/** The merchant's percentile among its peers (0–1): those below it, plus half of those level with it. */
export function percentileOf(value: number, values: readonly number[]): number | null {
  if (!values.length) return null;
  const below = values.filter((item) => item < value).length;
  const level = values.filter((item) => item === value).length;
  return (below + level / 2) / values.length;
}

/** The p-th quantile (0–1) of `values` by linear interpolation, or null. */
export function quantileOf(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}

/** A column of a by-merchant answer as MID → number. */
export function byMerchant(result: QueryResult | null, column: string): Map<string, number> {
  const map = new Map<string, number>();
  if (!result) return map;
  const key = result.columns.findIndex((item) => item.name === 'merchant');
  const index = result.columns.findIndex((item) => item.name === column);
  for (const row of result.rows) {
    const value: QueryCell | undefined = row[index];
    if (typeof value === 'number') map.set(String(row[key]), value);
  }
  return map;
}

export interface PeerRow {
  measure: string;
  /** The merchant's own value and its percentile among the peers (itself included), null when it has none. */
  value: number | null;
  median: number | null;
  percentile: number | null;
}

/** Percentiles for approval rate, chargeback ratio, average ticket, net effective rate and 90-day GSV growth. */
export function peerBenchmark(
  answer: SectionAnswer,
  mid: string,
): { scope: 'state' | 'region'; peers: number; rows: PeerRow[] } {
  const main = answer.queries[0]!;
  const scope = main.id.startsWith('peersInState') ? 'state' : 'region';
  const row = (measure: string, values: Map<string, number>): PeerRow => {
    const all = [...values.values()];
    const value = values.get(mid) ?? null;
    return {
      measure,
      value,
      median: quantileOf(all, 0.5),
      percentile: value === null ? null : percentileOf(value, all),
    };
  };
  const recent = byMerchant(resultOf(answer, `${main.id}.recent`), 'gsv');
  const prior = byMerchant(resultOf(answer, `${main.id}.prior`), 'gsv');
  const growth = new Map(
    [...recent].flatMap(([merchant, gsv]) => {
      const change = changeOf(gsv, prior.get(merchant) ?? null);
      return change === null ? [] : [[merchant, change] as const];
    }),
  );
  return {
    scope,
    peers: main.result.rows.length,
    rows: [
      row('approval_rate', byMerchant(main.result, 'approval_rate')),
      row('chargeback_ratio', byMerchant(main.result, 'chargeback_ratio')),
      row('avg_ticket', byMerchant(main.result, 'avg_ticket')),
      row('net_effective_rate_bps', byMerchant(main.result, 'net_effective_rate_bps')),
      row('growth', growth),
    ],
  };
}
