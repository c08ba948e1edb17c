// When sales happen (seasonality): a weight per day of the window from a month factor, a
// weekday factor and a gentle growth trend, and a curve over the 24 hours. Weights are integers so the
// cumulative sums the generator samples from are exact on every machine.
import type { HourProfile, SeasonProfile } from './industries.ts';

/** Month factor (1 = January) and ISO weekday factor (1 = Monday … 7 = Sunday), in percent. */
export const SEASON_FACTORS: Record<
  SeasonProfile,
  { months?: Record<number, number>; weekdays?: Record<number, number> }
> = {
  flat: {},
  // retail Nov–Dec +25 %
  retail: { months: { 11: 125, 12: 125 } },
  // travel summer +20 %
  travel: { months: { 6: 120, 7: 120, 8: 120 } },
  // restaurants Fri–Sat +30 %
  restaurant: { weekdays: { 5: 130, 6: 130 } },
  // model: offices, clinics and schools take few payments at weekends
  weekday: { weekdays: { 6: 35, 7: 20 } },
};

/** Volume grows this much a year across the window (model), so year-over-year views show growth. */
export const ANNUAL_GROWTH = 0.06;

/** Relative sales per hour of the day, 0 h … 23 h, local time (model). */
export const HOUR_CURVES: Record<HourProfile, readonly number[]> = {
  dining: [1, 1, 0, 0, 0, 0, 1, 2, 3, 3, 4, 8, 12, 10, 5, 4, 5, 9, 13, 12, 9, 5, 3, 2],
  nightlife: [8, 6, 3, 1, 0, 0, 0, 0, 0, 1, 1, 3, 4, 4, 3, 3, 4, 6, 8, 10, 12, 12, 11, 10],
  quick: [1, 1, 0, 0, 1, 2, 5, 8, 8, 6, 6, 9, 11, 8, 5, 5, 6, 8, 8, 6, 4, 3, 2, 1],
  retail: [0, 0, 0, 0, 0, 0, 1, 2, 3, 5, 7, 9, 10, 10, 10, 9, 9, 9, 8, 7, 5, 3, 1, 1],
  fuel: [1, 1, 1, 1, 1, 2, 5, 9, 9, 7, 6, 6, 7, 6, 6, 7, 9, 9, 7, 5, 4, 3, 2, 1],
  office: [0, 0, 0, 0, 0, 0, 0, 1, 4, 8, 10, 10, 8, 9, 10, 9, 7, 4, 2, 1, 1, 0, 0, 0],
  // card-not-present shopping: flatter, with an evening peak
  online: [3, 2, 2, 1, 1, 1, 2, 3, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 8, 7, 6, 4],
  // merchant-initiated recurring charges run in overnight billing batches
  billing: [2, 4, 8, 10, 8, 6, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2],
};
