// When a subscription runs next: the first scheduled hour after a moment, in the organisation's time
// zone (daylight saving included: 07:00 stays 07:00 on the wall clock). A monthly date past a short
// month's end runs on its last day.
import type { SubscriptionSchedule } from '@payportal/shared/alerts';

const DAY_MS = 86_400_000;

function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** The instant the wall clock of `timeZone` shows this day and hour. */
export function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  for (let round = 0; round < 2; round++) {
    const shown = wallClock(new Date(guess), timeZone);
    guess += wanted - Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
  }
  return new Date(guess);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function nextRunAfter(schedule: SubscriptionSchedule, after: Date, timeZone: string): Date {
  const today = wallClock(after, timeZone);
  const start = Date.UTC(today.year, today.month - 1, today.day);
  for (let offset = 0; offset < 64; offset++) {
    const day = new Date(start + offset * DAY_MS);
    const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
    const matches =
      schedule.frequency === 'daily' ||
      (schedule.frequency === 'weekly' && weekday === schedule.weekday) ||
      (schedule.frequency === 'monthly' && date === Math.min(schedule.day_of_month, daysInMonth(year, month)));
    if (!matches) continue;
    const at = zonedInstant(year, month, date, schedule.hour, timeZone);
    if (at > after) return at;
  }
  throw new Error('no run within 64 days');
}
