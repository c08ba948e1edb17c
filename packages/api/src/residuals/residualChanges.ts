// "Changed since closing": a closed month's frozen lines against the same month recomputed
// from today's data, merchant by merchant, only the fields that differ listed; and its adjustments
// against today's, each one that closing froze and is gone (removed) or is new (added).
import type { NodeAdjustment, ResidualLine } from '@payportal/analytics';
import { RESIDUAL_CHANGE_FIELDS, type ResidualChanges } from '@payportal/shared/residuals';

type Field = (typeof RESIDUAL_CHANGE_FIELDS)[number];

const FIELD_OF: Record<Field, (line: ResidualLine) => number> = {
  sales: (line) => line.sales,
  volume: (line) => line.volume,
  income: (line) => line.income,
  interchange: (line) => line.interchange,
  scheme_fees: (line) => line.schemeFees,
  schedule_a: (line) => line.scheduleA,
  net: (line) => line.net,
  agent_payout: (line) => line.agentPayout,
  sub_iso_payout: (line) => line.subIsoPayout,
  house: (line) => line.house,
};

export function residualChanges(
  closed: readonly ResidualLine[],
  now: readonly ResidualLine[],
): ResidualChanges['changes'] {
  const before = new Map(closed.map((line) => [line.mid, line]));
  const after = new Map(now.map((line) => [line.mid, line]));
  const mids = [...new Set([...before.keys(), ...after.keys()])].sort();
  return mids.flatMap((mid) => {
    const [was, is] = [before.get(mid), after.get(mid)];
    const fields = RESIDUAL_CHANGE_FIELDS.map((field) => ({
      field,
      closed: was ? FIELD_OF[field](was) : null,
      now: is ? FIELD_OF[field](is) : null,
    })).filter((row) => row.closed !== row.now);
    if (fields.length === 0) return [];
    return [{ mid, change: !was ? ('added' as const) : !is ? ('removed' as const) : ('changed' as const), fields }];
  });
}

const adjustmentKey = (row: NodeAdjustment) =>
  JSON.stringify([row.nodeCode, row.mid, row.kind, Math.round(row.amount * 100), row.memo]);

/** Adjustments in one list and not the other, each as often as it is missing (two equal rows are two). */
export function adjustmentChanges(
  closed: readonly NodeAdjustment[],
  now: readonly NodeAdjustment[],
): ResidualChanges['adjustments'] {
  const missing = (from: readonly NodeAdjustment[], other: readonly NodeAdjustment[]) => {
    const left = new Map<string, number>();
    for (const row of other) left.set(adjustmentKey(row), (left.get(adjustmentKey(row)) ?? 0) + 1);
    return from.filter((row) => {
      const count = left.get(adjustmentKey(row)) ?? 0;
      left.set(adjustmentKey(row), count - 1);
      return count <= 0;
    });
  };
  const shown = (change: 'added' | 'removed') => (row: NodeAdjustment) => ({
    node_code: row.nodeCode,
    mid: row.mid,
    kind: row.kind,
    amount: row.amount,
    memo: row.memo,
    change,
  });
  return [...missing(closed, now).map(shown('removed')), ...missing(now, closed).map(shown('added'))];
}
