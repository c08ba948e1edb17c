// "Changed since closing" (issue #46): a closed month's frozen lines against the same month recomputed
// from today's data, merchant by merchant; only the fields that differ are listed.
import type { ResidualLine } from '@payportal/analytics';
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
