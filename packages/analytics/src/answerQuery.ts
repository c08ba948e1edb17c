// The steps every engine takes to answer a description, written once: the cache by (organisation,
// scope node, data version, today, description), compile in the engine's dialect, run, cut at the row cap.
import { QUERY_ROW_CAP, type QueryDescription, type QueryResult } from '@payportal/shared/analytics';
import { compileQuery, type QueryScope } from './compiler/compileQuery.ts';
import type { Dialect, FilterValue, ValueType } from './compiler/dialect.ts';
import { NO_DATASET, toCell, type QueryOptions, type QueryWeight, type ValueOption } from './engine.ts';
import { cacheKey, type QueryCache } from './queryCache.ts';

export interface AnswerContext {
  dialect: Dialect;
  cache: QueryCache;
  dataVersion: string;
  /** `timeoutMs`: the admitted limit when the caller's admission gave one, else the engine's own. */
  run: (sql: string, params: FilterValue[], types: ValueType[], timeoutMs?: number) => Promise<unknown[][]>;
}

export async function answerQuery(
  description: QueryDescription,
  scope: QueryScope,
  options: QueryOptions,
  context: AnswerContext,
): Promise<QueryResult> {
  const rollup = options.rollup ?? 'auto';
  // A caller's own row cap (benchmarks, tests) bypasses the cache: the cache holds API answers.
  const cacheable = options.rowCap === undefined;
  const key = cacheKey({
    orgId: scope.orgId,
    node: scope.node,
    dataVersion: context.dataVersion,
    today: scope.today,
    rollup,
    description,
  });
  const cached = cacheable ? context.cache.get(key) : undefined;
  if (cached) return cached;
  const compiled = compileQuery(description, scope, context.dialect, {
    rowCap: options.rowCap ?? QUERY_ROW_CAP,
    rollup,
  });
  const rows =
    context.dataVersion === NO_DATASET
      ? []
      : await admitted(options, compiled.source === 'rollup' ? 'light' : 'heavy', (timeoutMs) =>
          context.run(compiled.sql, compiled.params, compiled.types, timeoutMs),
        );
  const truncated = rows.length > compiled.rowLimit;
  const kept = truncated ? rows.slice(0, compiled.rowLimit) : rows;
  const result: QueryResult = {
    columns: compiled.columns,
    rows: kept.map((row) => row.map((value, index) => toCell(value, compiled.columns[index]!))),
    rowCount: kept.length,
    truncated,
    source: compiled.source,
    dataVersion: context.dataVersion,
  };
  if (cacheable) context.cache.set(key, result);
  return result;
}

/** `work` in the turn `options.admit` gives (with its time limit), or at once with the caller's own limit. */
async function admitted<T>(
  options: QueryOptions,
  weight: QueryWeight,
  work: (timeoutMs: number | undefined) => Promise<T>,
): Promise<T> {
  if (!options.admit) return work(options.timeoutMs);
  const turn = await options.admit(weight);
  try {
    return await work(turn.timeoutMs);
  } finally {
    turn.release();
  }
}

/** A row of compileValues' answer (value, label, parent) as an option. */
export function toValueOption([value, label, parent]: unknown[]): ValueOption {
  return {
    value: String(value),
    label: String(label),
    parent: parent === null || parent === undefined ? null : String(parent),
  };
}
