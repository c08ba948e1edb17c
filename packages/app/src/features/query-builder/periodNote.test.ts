// The builder names the file's partial periods before it is run, as the charts mark them.
import { describe, expect, it } from 'vitest';
import { periodNote } from './periodNote.ts';

const today = '2026-11-27';

describe('the date field’s note', () => {
  it('names the first month the last 30 days cut short and the month still running', () => {
    expect(periodNote({ range: 'last_30_days', from: '', to: '', granularity: 'month' }, ['gsv'], today)).toBe(
      "Each row is labelled by the first day of its period. Partial periods: Oct 2026: 3 of 31 days (29–31 Oct 2026); Nov 2026: 27 of 30 days so far (1–27 Nov 2026), the month is not over. The file's last column, Period note, says so on each such row.",
    );
  });

  it('says nothing about whole periods, nor without a date column', () => {
    expect(periodNote({ range: 'last_year', from: '', to: '', granularity: 'month' }, ['gsv'], today)).toBeNull();
    expect(periodNote({ range: 'last_30_days', from: '', to: '', granularity: 'none' }, ['gsv'], today)).toBeNull();
  });

  it('names a custom range’s cut weeks', () => {
    expect(
      periodNote({ range: 'custom', from: '2026-11-04', to: '2026-11-10', granularity: 'week' }, ['gsv'], today),
    ).toBe(
      "Each row is labelled by the first day of its period. Partial periods: week of 2 Nov 2026: 5 of 7 days (4–8 Nov 2026); week of 9 Nov 2026: 2 of 7 days (9–10 Nov 2026). The file's last column, Period note, says so on each such row.",
    );
  });
});
