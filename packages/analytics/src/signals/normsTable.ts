// The MCC norms of signalScoresSql.ts as a constant table the signal statements join, and a small cache
// of them per (organisation, data version, today): one scan of the organisation per day and dataset,
// like a rollup built on first use, instead of one per merchant page.
import { sqlLiteral } from '../generator/sql.ts';

/** An MCC's hours without trade (0–23) and its average ticket (null without sales). */
export type NormRow = [mcc: string, closedHours: number[], ticket: number | null];

export function normsTable(rows: readonly NormRow[]): string {
  if (rows.length === 0)
    return '(select null::varchar as mcc, []::integer[] as closed_hours, null::double as ticket where false)';
  const values = rows.map(
    ([mcc, hours, ticket]) =>
      `(${sqlLiteral(mcc)}, [${hours.map((hour) => sqlLiteral(Math.trunc(hour))).join(', ')}]::integer[], ${sqlLiteral(ticket)}::double)`,
  );
  return `(select * from (values ${values.join(', ')}) as n(mcc, closed_hours, ticket))`;
}

export const toNormRow = ([mcc, hours, ticket]: unknown[]): NormRow => [
  String(mcc),
  (Array.isArray(hours) ? hours : ((hours as { items?: unknown[] } | null)?.items ?? [])).map(Number),
  ticket === null || ticket === undefined ? null : Number(ticket),
];

/** Norms by key, the last `size` kept (a new data version or day makes a new key). */
export function createNormsCache(size = 16) {
  const entries = new Map<string, Promise<NormRow[]>>();
  return (key: string, load: () => Promise<NormRow[]>): Promise<NormRow[]> => {
    const known = entries.get(key);
    if (known) return known;
    const loading = load();
    entries.set(key, loading);
    // a failed load is forgotten, so the next page asks again
    loading.catch(() => entries.delete(key));
    while (entries.size > size) entries.delete(entries.keys().next().value!);
    return loading;
  };
}
