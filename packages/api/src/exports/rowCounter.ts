// Row counts of export questions, remembered (the builder's estimate and a job's progress
// bar). Counting costs about as much as the export's own aggregation, so the builder's estimate of a
// description is kept and the run that follows it reuses it instead of counting again. Keyed like the
// engine's answer cache: organisation, data version (a new dataset is never counted from an old one),
// today (presets), cap and description. Oldest out first.
import type { AnalyticsEngine, QueryScope } from '@payportal/analytics';
import type { QueryDescription } from '@payportal/shared/analytics';

export interface RowCounter {
  count(
    description: QueryDescription,
    scope: QueryScope,
    options: { rowCap: number; timeoutMs?: number },
  ): Promise<number>;
  /** The count remembered from an earlier `count`, without counting: undefined when there is none. */
  known(description: QueryDescription, scope: QueryScope, options: { rowCap: number }): Promise<number | undefined>;
}

/** The same description whatever its keys' order (a job's comes back from jsonb, which reorders them). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
}

export function createRowCounter(engine: AnalyticsEngine, entries = 500): RowCounter {
  const counts = new Map<string, number>();
  const keyOf = async (description: QueryDescription, scope: QueryScope, rowCap: number) =>
    JSON.stringify([
      scope.orgId,
      scope.node ?? null,
      await engine.dataVersion(scope.orgId),
      scope.today,
      rowCap,
      canonical(description),
    ]);
  const recall = (key: string) => {
    const known = counts.get(key);
    if (known !== undefined) {
      counts.delete(key);
      counts.set(key, known);
    }
    return known;
  };
  return {
    known: async (description, scope, options) => recall(await keyOf(description, scope, options.rowCap)),
    async count(description, scope, options) {
      const key = await keyOf(description, scope, options.rowCap);
      const known = recall(key);
      if (known !== undefined) return known;
      const counted = await engine.count(description, scope, options);
      counts.set(key, counted);
      if (counts.size > entries) counts.delete(counts.keys().next().value!);
      return counted;
    },
  };
}
