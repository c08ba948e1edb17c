// The day-of-week and hour-of-day dimensions as a person reads them (issue #14 items 3 and 7): the
// query API answers the ISO weekday '1' (Monday) … '7' and the hour '00' … '23' (the catalogue, and
// analytics' dialect.timePart); charts label the days Mon … Sun and draw every day and hour in order,
// so an hour without transactions is an empty cell, not a missing column.
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

export interface TimePartAxis {
  /** Every value the dimension takes, in order. */
  values: string[];
  label: (value: string) => string;
}

export function timePartAxis(dimension: string | undefined): TimePartAxis | null {
  if (dimension === 'day_of_week') return { values: WEEKDAYS.map((_, index) => String(index + 1)), label: (value) => WEEKDAYS[Number(value) - 1] ?? value };
  if (dimension === 'hour_of_day') return { values: HOURS, label: (value) => value };
  return null;
}
