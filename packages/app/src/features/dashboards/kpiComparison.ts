// What a KPI tile's comparison line says: the change against the period it is compared with, that
// period named ("vs the same days last year"), or why there is no change to show. A change is only
// drawn when the data reaches back over the whole period: a year to date against a last year the data
// barely starts in would show a growth that is not there.
import {
  dayText,
  LOWER_IS_BETTER,
  spanText,
  type ComparisonPeriod,
  type MeasureId,
  type MetricFormat,
} from '@payportal/shared/analytics';

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
 * Whether a change is good news, for its colour: a rise of most measures, a fall of those whose rise is
 * bad (a chargeback ratio going up is drawn as a loss, not in the colour of growth). No change is neutral-good.
 */
export function changeIsGood(change: number, measure: string): boolean {
  return LOWER_IS_BETTER.has(measure as MeasureId) ? change <= 0 : change >= 0;
}
