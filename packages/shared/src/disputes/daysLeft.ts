// How a queue row and the detail page say the time to a due date: in words, with a tone the screen
// colours (overdue red, due within 3 days amber, otherwise neutral). Days are whole UTC days.

export type DaysLeftTone = 'overdue' | 'soon' | 'open';

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** Days from `today` to `due` ('YYYY-MM-DD' both), in words and tone. */
export function daysLeft(due: string, today: string): { days: number; words: string; tone: DaysLeftTone } {
  const days = dayNumber(due) - dayNumber(today);
  const plural = (n: number) => (n === 1 ? '1 day' : `${n} days`);
  if (days < 0) return { days, words: `${plural(-days)} overdue`, tone: 'overdue' };
  if (days === 0) return { days, words: 'Due today', tone: 'soon' };
  return { days, words: `${plural(days)} left`, tone: days <= 3 ? 'soon' : 'open' };
}
