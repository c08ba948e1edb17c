// A chart's title as shown: its period follows the range the chart shows. A title ending in a period
// (", last 30 days") has it replaced by the range in force, so a dashboard set to "Year to date" reads
// "Gross sales volume, year to date"; a KPI tile always names its period; other charts that do not
// name it in their title carry it on a line of its own.
import { DATE_RANGE_PRESET_LABELS, rangePhrase, type DateRange } from '@payportal/shared/analytics';

const PERIODS = [...Object.values(DATE_RANGE_PRESET_LABELS), 'All dates'].map((label) => label.toLowerCase());

export interface ShownTitle {
  title: string;
  /** The chart's period on a line of its own ("Last 90 days"), when the title does not say it. */
  period: string | null;
}

export function shownTitle(title: string, range: DateRange | undefined, kpi: boolean): ShownTitle {
  const lower = title.toLowerCase();
  const ending = PERIODS.find((period) => lower.endsWith(`, ${period}`));
  const phrase = rangePhrase(range);
  if (ending) return { title: `${title.slice(0, -(ending.length + 2))}, ${phrase}`, period: null };
  if (kpi) return { title: `${title}, ${phrase}`, period: null };
  return { title, period: phrase.charAt(0).toUpperCase() + phrase.slice(1) };
}
