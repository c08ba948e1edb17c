// The CSV date field: a range (the catalogue's presets, all dates, or a custom from–to) and a
// granularity (a date column by day … year, or none: the range then only filters rows).
import {
  DATE_RANGE_PRESET_LABELS,
  DATE_RANGE_PRESETS,
  TIME_GRANULARITIES,
  type DateRangePreset,
  type TimeGranularity,
} from '@payportal/shared/analytics';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { builder, setDate, type DateChoice } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';
import { periodNote } from './periodNote.ts';
import { customRangeProblem } from './toQueryDescription.ts';

/** The date presets in words (the dashboards' filters and chart builder say them alike). */
export const PRESET_LABELS: Record<DateRangePreset, string> = DATE_RANGE_PRESET_LABELS;

const GRANULARITY_LABELS: Record<TimeGranularity, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

export function DateField({ disabled }: { disabled?: boolean }) {
  const id = useId();
  const { date, measures } = useSnapshot(builder);
  const problem = customRangeProblem(date);
  const periods = problem ? null : periodNote(date, measures, new Date().toISOString().slice(0, 10));
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.groupLegend}>Dates</legend>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-range`}>
          Date range
        </label>
        <select
          id={`${id}-range`}
          className={styles.control}
          value={date.range}
          onChange={(event) => setDate({ range: event.currentTarget.value as DateChoice['range'] })}
        >
          {DATE_RANGE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {PRESET_LABELS[preset]}
            </option>
          ))}
          <option value="all">All dates</option>
          <option value="custom">Custom range…</option>
        </select>
      </div>
      {date.range === 'custom' && (
        <div className={styles.twoUp}>
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-${end}`}>
                {end === 'from' ? 'From' : 'To'}
              </label>
              <input
                id={`${id}-${end}`}
                type="date"
                className={styles.control}
                value={date[end]}
                min="1900-01-01"
                max="2199-12-31"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => setDate({ [end]: event.currentTarget.value })}
              />
            </div>
          ))}
        </div>
      )}
      {problem && (
        <p id={`${id}-problem`} className={styles.fieldError}>
          {problem}
        </p>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-granularity`}>
          Date column
        </label>
        <select
          id={`${id}-granularity`}
          className={styles.control}
          value={date.granularity}
          onChange={(event) => setDate({ granularity: event.currentTarget.value as DateChoice['granularity'] })}
        >
          {TIME_GRANULARITIES.map((granularity) => (
            <option key={granularity} value={granularity}>
              By {GRANULARITY_LABELS[granularity].toLowerCase()}
            </option>
          ))}
          <option value="none">No date column</option>
        </select>
      </div>
      {periods && <p className={styles.hint}>{periods}</p>}
    </fieldset>
  );
}
