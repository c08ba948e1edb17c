// What a KPI tile's comparison line says: the change against the period it is compared with, that
// period named ("vs the same days last year"), or why there is no change to show. A change is only
// drawn when the data reaches back over the whole period: a year to date against a last year the data
// barely starts in would show a growth that is not there.
import { dayText, spanText, type ComparisonPeriod, type MetricFormat } from '@payportal/shared';

export type KpiComparison =
  { kind: 'change'; change: number; points: boolean; against: string } | { kind: 'none'; text: string };

/**
 * `firstDay`: the first day with data within the comparison period (null: none); `value`/`before`: the
 * figure and its value over the comparison period.
 */
export function kpiComparison(
  value: number | null,
  before: number | null,
  format: MetricFormat | null,
  comparison: ComparisonPeriod | null,
  firstDay: string | null,
): KpiComparison {
  if (!comparison) return { kind: 'none', text: 'All dates: no earlier period to compare' };
  const [from, to] = comparison.range;
  const named = `${comparison.phrase} (${spanText(from, to)})`;
  if (firstDay === null)
    return { kind: 'none', text: `Not compared with ${named}: the data does not reach back that far` };
  if (firstDay > from)
    return { kind: 'none', text: `Not compared with ${named}: the data starts on ${dayText(firstDay)}` };
  if (value === null || !before) return { kind: 'none', text: `Nothing to compare with ${named}` };
  // A rate changes in percentage points (97.2 % → 97.5 % is +0.3 pp, not +0.3 %); amounts in per cent.
  const points = format === 'percent';
  return {
    kind: 'change',
    change: points ? value - before : (value - before) / Math.abs(before),
    points,
    against: `vs ${comparison.phrase}`,
  };
}

/**
 * The measures whose rise is bad news for an acquirer (declines, disputes, fraud, leakage, lost
 * merchants): their tile shows a rise in the warning colour and a fall in the good one.
 */
const RISE_IS_BAD: ReadonlySet<string> = new Set([
  'declines',
  'decline_rate',
  'soft_decline_rate',
  'hard_decline_rate',
  'refunds',
  'refund_rate',
  'chargebacks',
  'chargeback_amount',
  'chargeback_ratio',
  'chargeback_ratio_cohort',
  'vamp_ratio',
  'vamp_ratio_cohort',
  'fraud_bps',
  'downgrade_rate',
  'downgrade_leakage',
  'attrition',
]);

/** Whether a change of `metric` reads as good news (the tile's colour; the arrow keeps the direction). */
export function changeIsGood(metric: string, change: number): boolean {
  return RISE_IS_BAD.has(metric) ? change <= 0 : change >= 0;
}
