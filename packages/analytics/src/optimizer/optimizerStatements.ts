// What the optimizer's questions say to an engine, per dialect: DuckDB answers each in one statement
// (the files beside this one); ClickHouse 18.16 in a few whose rows are read one after another
// (clickhouse/clickhouseOptimizerStatements.ts: its UNION ALL wants every branch's types equal, nulls included).
// Each statement's rows start with their kind ('total', 'bucket', …), so answerOptimizer.ts reads both alike.
import type { PnlRequest, ScenarioDefinition } from '@payportal/shared/optimizer';
import type { Binder } from '../compiler/dialect.ts';
import { leakageSql } from './leakageSql.ts';
import type { OptimizerPeriod } from './optimizerPeriod.ts';
import { pnlSql } from './pnlSql.ts';
import { regulatorySql } from './regulatorySql.ts';
import { segmentOptionsSql } from './segmentSql.ts';
import { affectedMerchantsSql, simulationCtes, simulationSummarySql } from './simulationSql.ts';

export interface OptimizerStatements {
  segments(orgId: number, binder: Binder): string[];
  pnl(orgId: number, period: OptimizerPeriod, request: PnlRequest, binder: Binder): string[];
  simulate(
    orgId: number,
    period: OptimizerPeriod,
    definition: ScenarioDefinition,
    topMerchants: number,
    binder: Binder,
  ): string[];
  affected(orgId: number, period: OptimizerPeriod, definition: ScenarioDefinition, binder: Binder): string[];
  leakage(orgId: number, period: OptimizerPeriod, months: number, topMerchants: number, binder: Binder): string[];
  regulatory(orgId: number, period: OptimizerPeriod, binder: Binder): string[];
}

export const duckdbOptimizerStatements: OptimizerStatements = {
  segments: (orgId, binder) => segmentOptionsSql(orgId, binder),
  pnl: (orgId, period, request, binder) => [pnlSql(orgId, period, request, binder)],
  simulate: (orgId, period, definition, topMerchants, binder) => [
    simulationSummarySql(
      simulationCtes(orgId, period, definition, binder),
      binder.value(definition.toleranceBps, 'number'),
      topMerchants,
    ),
  ],
  affected: (orgId, period, definition, binder) => [
    affectedMerchantsSql(simulationCtes(orgId, period, definition, binder)),
  ],
  leakage: (orgId, period, months, topMerchants, binder) => [leakageSql(orgId, period, months, topMerchants, binder)],
  regulatory: (orgId, period, binder) => [regulatorySql(orgId, period, binder)],
};
