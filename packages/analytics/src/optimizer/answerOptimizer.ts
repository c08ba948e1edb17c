// Compiles an optimizer question, runs it on an engine's connection and shapes the rows.
// The rows are aggregates the SQL made; this file only names their cells.
import {
  LEAKAGE_CAUSES,
  type AffectedMerchant,
  type LeakageCause,
  type PnlRow,
  type SimulationResult,
} from '@payportal/shared/optimizer';
import type { QueryScope } from '../compiler/compileQuery.ts';
import type { Dialect, FilterValue, ValueType } from '../compiler/dialect.ts';
import { completeMonthsBefore } from './optimizerPeriod.ts';
import { TOP_MERCHANTS, TRAILING_MONTHS, type OptimizerAnswer, type OptimizerQuestion } from './optimizerQuestion.ts';
import type { OptimizerStatements } from './optimizerStatements.ts';

export interface OptimizerContext {
  dialect: Dialect;
  /** The questions in the dialect's SQL. */
  statements: OptimizerStatements;
  /** The organisation, narrowed to a scoped caller's book (Q1), and the caller's today. */
  scope: QueryScope;
  /** False when the organisation has no dataset: every answer is then empty. */
  hasData: boolean;
  run: (sql: string, params: FilterValue[], types: ValueType[]) => Promise<unknown[][]>;
}

const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function toAffected(cells: unknown[]): AffectedMerchant {
  const [
    merchantId,
    mid,
    name,
    sizeTier,
    planType,
    gsv,
    baseRevenue,
    uplift,
    rateChangeBps,
    hazardBefore,
    hazardAfter,
  ] = cells;
  return {
    merchantId: n(merchantId),
    mid: text(mid),
    name: text(name),
    sizeTier: text(sizeTier),
    planType: text(planType),
    gsv: n(gsv),
    baseRevenue: n(baseRevenue),
    uplift: n(uplift),
    rateChangeBps: n(rateChangeBps),
    hazardBefore: n(hazardBefore),
    hazardAfter: n(hazardAfter),
  };
}

function toPnlRow(cells: unknown[]): PnlRow {
  const [
    merchantId,
    mid,
    name,
    industryGroup,
    region,
    sizeTier,
    planType,
    gsv,
    sales,
    transactionFees,
    accountFees,
    billedFees,
    interchange,
    schemeFees,
    netRevenue,
    netRate,
    flag,
  ] = cells;
  return {
    merchantId: n(merchantId),
    mid: text(mid),
    name: text(name),
    industryGroup: text(industryGroup),
    region: text(region),
    sizeTier: text(sizeTier),
    planType: text(planType),
    gsv: n(gsv),
    sales: n(sales),
    transactionFees: n(transactionFees),
    accountFees: n(accountFees),
    billedFees: n(billedFees),
    interchange: n(interchange),
    schemeFees: n(schemeFees),
    netRevenue: n(netRevenue),
    netRateBps: netRate === null ? null : n(netRate),
    flag: flag === 'under' || flag === 'over' ? flag : null,
  };
}

/** The rows of the question's statements, one statement's after another's (each binds its own values). */
async function ask(
  context: OptimizerContext,
  build: (statements: OptimizerStatements, bind: ReturnType<Dialect['binder']>) => string[],
): Promise<unknown[][]> {
  const binder = context.dialect.binder();
  const statements = build(context.statements, binder);
  if (!context.hasData) return [];
  return (await Promise.all(statements.map((sql) => context.run(sql, binder.params, binder.types)))).flat();
}

export async function answerOptimizer<Q extends OptimizerQuestion>(
  question: Q,
  context: OptimizerContext,
): Promise<OptimizerAnswer<Q>> {
  const { scope } = context;
  const { today } = scope;
  const trailing = completeMonthsBefore(today, TRAILING_MONTHS);
  const period: [string, string] = [trailing.from, trailing.last];
  switch (question.kind) {
    case 'segments': {
      const rows = await ask(context, (sql, b) => sql.segments(scope, b));
      const of = (kind: string) => rows.filter((row) => row[0] === kind);
      const children = (kind: string) =>
        of(kind).map((row) => ({ value: text(row[1]), label: text(row[2]), parent: text(row[3]) }));
      return {
        industryGroups: of('group').map((row) => text(row[1])),
        industries: children('industry'),
        regions: of('region').map((row) => text(row[1])),
        states: children('state'),
      } as OptimizerAnswer<Q>;
    }
    case 'simulate': {
      const { definition } = question;
      const rows = await ask(context, (sql, b) => sql.simulate(scope, trailing, definition, TOP_MERCHANTS, b));
      const total = rows.find((row) => row[0] === 'total') ?? [];
      const result: SimulationResult = {
        period,
        merchants: n(total[2]),
        gsv: n(total[3]),
        baseRevenue: n(total[4]),
        affected: n(total[5]),
        waterfall: { grossUplift: n(total[7]), attritionLoss: n(total[8]), net: n(total[7]) - n(total[8]) },
        distribution: (['≤ 0', '0–5', '5–10', '10–25', '25–50', '50–100', '> 100'] as const).map((bucket) => {
          const row = rows.find((cells) => cells[0] === 'bucket' && cells[1] === bucket);
          return { bucket, merchants: n(row?.[2]), gsv: n(row?.[3]) };
        }),
        overTolerance: {
          count: n(total[6]),
          merchants: rows.filter((row) => row[0] === 'over').map((row) => toAffected(row.slice(9))),
        },
      };
      return result as OptimizerAnswer<Q>;
    }
    case 'affected': {
      const rows = await ask(context, (sql, b) => sql.affected(scope, trailing, question.definition, b));
      return rows.map(toAffected) as OptimizerAnswer<Q>;
    }
    case 'pnl': {
      const months = completeMonthsBefore(today, question.request.months);
      const rows = await ask(context, (sql, b) => sql.pnl(scope, months, question.request, b));
      const total = rows.find((row) => row[0] === 'total') ?? [];
      return {
        period: [months.from, months.last],
        totals: {
          merchants: n(total[2]),
          gsv: n(total[3]),
          transactionFees: n(total[4]),
          accountFees: n(total[5]),
          billedFees: n(total[6]),
          interchange: n(total[7]),
          schemeFees: n(total[8]),
          netRevenue: n(total[9]),
          under: n(total[10]),
          over: n(total[11]),
        },
        overThresholdBps: total[12] === null || total[12] === undefined ? null : n(total[12]),
        distribution: (['< 0', '0–25', '25–50', '50–100', '100–150', '150–200', '≥ 200'] as const).map((bucket) => ({
          bucket,
          merchants: n(rows.find((cells) => cells[0] === 'bucket' && cells[1] === bucket)?.[2]),
        })),
        matching: n(total[13]),
        rows: rows.filter((row) => row[0] === 'row').map((row) => toPnlRow(row.slice(14))),
      } as OptimizerAnswer<Q>;
    }
    case 'leakage': {
      const rows = await ask(context, (sql, b) => sql.leakage(scope, trailing, TRAILING_MONTHS, TOP_MERCHANTS, b));
      const causes = LEAKAGE_CAUSES.map((cause) => {
        const row = rows.find((cells) => cells[0] === 'cause' && cells[1] === cause);
        return { cause, leakage: n(row?.[2]), sales: n(row?.[3]) };
      });
      return {
        period,
        months: TRAILING_MONTHS,
        total: causes.reduce((sum, cause) => sum + cause.leakage, 0),
        causes,
        merchants: rows
          .filter((row) => row[0] === 'merchant')
          .map((row) => ({
            merchantId: n(row[5]),
            mid: text(row[6]),
            name: text(row[7]),
            recoverablePerMonth: n(row[2]),
            leakingSales: n(row[3]),
            mainCause: text(row[1]) as LeakageCause,
            mainCauseShare: n(row[4]),
          })),
      } as OptimizerAnswer<Q>;
    }
    case 'regulatory': {
      const rows = await ask(context, (sql, b) => sql.regulatory(scope, trailing, b));
      return {
        period,
        scenarios: (['eu_ifr', 'uk_eea_cross_border', 'durbin_revision'] as const).map((scenario) => {
          const row = rows.find((cells) => cells[0] === scenario) ?? [];
          return {
            scenario,
            affectedSales: n(row[1]),
            affectedGsv: n(row[2]),
            interchangeChange: n(row[3]),
            icPlusPlusPassThrough: n(row[4]),
            blendedMarginChange: n(row[5]),
          };
        }),
      } as OptimizerAnswer<Q>;
    }
  }
}
