// The optimizer looks at complete months only ("trailing 12 months"): the current month is
// still running, so its monthly fees and minimums are not yet billed.
export interface OptimizerPeriod {
  /** First day of the first month, inclusive. */
  from: string;
  /** First day of the current month, exclusive. */
  to: string;
  /** The last day of the period, for the answer. */
  last: string;
}

export function completeMonthsBefore(today: string, months: number): OptimizerPeriod {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const day = (offset: number) => new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
  const to = day(0);
  const last = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return { from: day(-months), to, last };
}
