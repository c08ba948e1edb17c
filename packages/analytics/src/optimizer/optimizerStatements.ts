// What the optimizer's questions say to an engine, per dialect: DuckDB answers each in one statement
// (the files beside this one); ClickHouse 18.16 in its own (clickhouse/clickhouseOptimizerStatements.ts: one pass
// over arrays where DuckDB reads a CTE several times, the what-ifs and segments as statements run side by side).
// Each statement's rows start with their kind ('total', 'bucket', …), so answerOptimizer.ts reads both alike.
import type { PnlRequest, ScenarioDefinition } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import type { MerchantScope } from '../compiler/merchantScope.ts';
import { leakageSql } from './leakageSql.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';
import { pnlSql } from './pnlSql.ts';
import { regulatorySql } from './regulatorySql.ts';
import { segmentOptionsSql } from './segmentSql.ts';
import { affectedMerchantsSql, simulationCtes, simulationSummarySql } from './simulationSql.ts';

/** Each question over the scope's merchants only: the organisation's, or a scoped caller's book (Q1). */
export interface OptimizerStatements {
  segments(scope: MerchantScope, binder: Binder): string[];
  pnl(scope: MerchantScope, period: OptimizerPeriod, request: PnlRequest, binder: Binder): string[];
  simulate(
    scope: MerchantScope,
    period: OptimizerPeriod,
    definition: ScenarioDefinition,
    topMerchants: number,
    binder: Binder,
  ): string[];
  affected(scope: MerchantScope, period: OptimizerPeriod, definition: ScenarioDefinition, binder: Binder): string[];
  leakage(
    scope: MerchantScope,
    period: OptimizerPeriod,
    months: number,
    topMerchants: number,
    binder: Binder,
  ): string[];
  regulatory(scope: MerchantScope, period: OptimizerPeriod, binder: Binder): string[];
}

export const duckdbOptimizerStatements: OptimizerStatements = {
  segments: (scope, binder) => segmentOptionsSql(scope, binder),
  pnl: (scope, period, request, binder) => [pnlSql(scope, period, request, binder)],
  simulate: (scope, period, definition, topMerchants, binder) => [
    simulationSummarySql(
      simulationCtes(scope, period, definition, binder),
      binder.value(definition.toleranceBps, 'number'),
      topMerchants,
    ),
  ],
  affected: (scope, period, definition, binder) => [
    affectedMerchantsSql(simulationCtes(scope, period, definition, binder)),
  ],
  leakage: (scope, period, months, topMerchants, binder) => [leakageSql(scope, period, months, topMerchants, binder)],
  regulatory: (scope, period, binder) => [regulatorySql(scope, period, binder)],
};
