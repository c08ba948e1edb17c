// What a repricing scenario does to residual payouts by level (README "Residuals"): the
// residual calculation of each of the simulation's 12 months (the engine's `month` question) applied to
// the scenario's affected merchants (its `affected` question). A merchant's uplift raises its income and
// its residual net alike (Schedule A does not depend on price), so each partner gains their share in
// force (the merchant's latest month's) of it, on a net or a gross split alike; the house keeps the
// rest. With the simulation's attrition, a merchant is expected for (1 − h/2) of the 12 months, h before
// the scenario and after, as the waterfall counts it. A projection: a split paying nothing on a negative
// net is taken to pay its share of the uplift.
import type { AffectedMerchant, ScenarioDefinition, ScenarioPayouts } from '@payportal/shared/optimizer';
import type { QueryScope } from '../compiler/queryScope.ts';
import type { AnalyticsEngine } from '../engine.ts';
import type { ResidualLine } from '../residuals/residualsQuestion.ts';
import { completeMonthsBefore } from './optimizerPeriod.ts';
import { TRAILING_MONTHS } from './optimizerQuestion.ts';

/** A merchant's 12 months of residuals in cents, and its shares in force (percent). */
export interface MerchantResiduals {
  net: number;
  agents: number;
  subIsos: number;
  agentPct: number;
  subIsoPct: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Each merchant's sums over the months (oldest first): the latest month's shares win. */
export function merchantResiduals(months: readonly (readonly ResidualLine[])[]): Map<string, MerchantResiduals> {
  const byMid = new Map<string, MerchantResiduals>();
  for (const lines of months)
    for (const line of lines) {
      const sum = byMid.get(line.mid) ?? { net: 0, agents: 0, subIsos: 0, agentPct: 0, subIsoPct: 0 };
      byMid.set(line.mid, {
        net: sum.net + cents(line.net),
        agents: sum.agents + cents(line.agentPayout),
        subIsos: sum.subIsos + cents(line.subIsoPayout),
        agentPct: line.agentSharePct,
        subIsoPct: line.subIsoSharePct,
      });
    }
  return byMid;
}

/** The expected change by level, in dollars with cents (each level rounded once; the house the remainder). */
export function payoutChange(
  residuals: ReadonlyMap<string, MerchantResiduals>,
  affected: readonly AffectedMerchant[],
): NonNullable<ScenarioPayouts['change']> {
  let [net, agents, subIsos] = [0, 0, 0];
  for (const merchant of affected) {
    const before = residuals.get(merchant.mid);
    if (!before) continue; // no residual line in the 12 months: nothing billed, nothing paid
    const uplift = merchant.uplift * 100;
    const kept = [1 - merchant.hazardBefore / 2, 1 - merchant.hazardAfter / 2] as const;
    const change = (was: number, gain: number) => (was + gain) * kept[1] - was * kept[0];
    net += change(before.net, uplift);
    agents += change(before.agents, (uplift * before.agentPct) / 100);
    subIsos += change(before.subIsos, (uplift * before.subIsoPct) / 100);
  }
  const [netCents, agentCents, subIsoCents] = [net, agents, subIsos].map(Math.round) as [number, number, number];
  return {
    net: netCents / 100,
    agents: agentCents / 100,
    subIsos: subIsoCents / 100,
    house: (netCents - agentCents - subIsoCents) / 100,
  };
}

/** The months 'YYYY-MM' of the simulation's 12, oldest first. */
function trailingMonths(today: string): string[] {
  const { from } = completeMonthsBefore(today, TRAILING_MONTHS);
  const [year, month] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: TRAILING_MONTHS }, (_, index) =>
    new Date(Date.UTC(year, month - 1 + index, 1)).toISOString().slice(0, 7),
  );
}

type Asking = Pick<AnalyticsEngine, 'optimize' | 'residuals'>;

/** The scenario's change of the payouts by level; `change` null for a caller scoped to a book. */
export async function scenarioPayouts(
  engine: Asking,
  definition: ScenarioDefinition,
  scope: QueryScope,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ScenarioPayouts> {
  const { from, last } = completeMonthsBefore(scope.today, TRAILING_MONTHS);
  if (scope.node !== undefined) return { period: [from, last], change: null };
  // One month after another: each is a whole month's lines, and the engine serves screens meanwhile.
  // A slider drag leaves many callers behind: once `signal` says the caller left, no further month is
  // asked (under load, the months of abandoned slider positions had held the engine for minutes).
  const months: ResidualLine[][] = [];
  for (const month of trailingMonths(scope.today)) {
    options.signal?.throwIfAborted();
    months.push((await engine.residuals({ kind: 'month', month }, scope, options))?.lines ?? []);
  }
  options.signal?.throwIfAborted();
  const affected = await engine.optimize({ kind: 'affected', definition }, scope, options);
  return { period: [from, last], change: payoutChange(merchantResiduals(months), affected) };
}
