// The builder's choices as the query description, and back (edit mode). One function
// each way, so the preview, the row estimate and the saved export can never ask different questions.
import {
  dateRangeSchema,
  type DateRangePreset,
  type DimensionId,
  type QueryDescription,
  type QueryDescriptionInput,
  type QueryFilter,
} from '@payportal/shared/analytics';
import type { CsvOptions } from '@payportal/shared/exports';
import type { Snapshot } from 'valtio';
import { COMPOUND_MEMBERS, emptyBuilder, type BuilderState, type CompoundMember } from './builderStore.ts';

/** The custom range's problem in words, or null when the range is usable (or not custom). */
export function customRangeProblem(date: Snapshot<BuilderState>['date']): string | null {
  if (date.range !== 'custom') return null;
  if (!date.from || !date.to) return 'Choose both a start and an end date.';
  return dateRangeSchema.safeParse([date.from, date.to]).success
    ? null
    : 'The start date must be on or before the end date.';
}

/**
 * Null until the builder asks something: at least one attribute or metric (a date column alone would
 * be a list of months, which nobody exports). Null too while a custom date range is unfinished or
 * reversed: the question is not the one on screen, so it is neither previewed, saved nor run.
 */
export function toQueryDescription(state: Snapshot<BuilderState>): QueryDescriptionInput | null {
  const granularity = state.date.granularity === 'none' ? undefined : state.date.granularity;
  if (state.measures.length === 0 && state.dimensions.length === 0) return null;
  if (state.date.range === 'custom' && customRangeProblem(state.date)) return null;
  const dateRange =
    state.date.range === 'all'
      ? undefined
      : state.date.range === 'custom'
        ? ([state.date.from, state.date.to] as [string, string])
        : state.date.range;
  const filters: QueryFilter[] = COMPOUND_MEMBERS.flatMap((member) => {
    const values = state.selections[member].map((selection) => selection.value);
    return values.length > 0 ? [{ member, operator: 'in' as const, values }] : [];
  });
  return {
    measures: [...state.measures],
    dimensions: [...state.dimensions],
    ...(granularity || dateRange
      ? {
          timeDimension: {
            dimension: 'date' as const,
            ...(granularity && { granularity }),
            ...(dateRange && { dateRange }),
          },
        }
      : {}),
    filters,
    // Only a column of this query can order it (the schema refuses any other).
    order:
      state.order &&
      [...state.measures, ...state.dimensions, ...(granularity ? ['date'] : [])].includes(state.order.member)
        ? [{ member: state.order.member as DimensionId, direction: state.order.direction }]
        : [],
  };
}

const isCompound = (member: string): member is CompoundMember =>
  (COMPOUND_MEMBERS as readonly string[]).includes(member);

/**
 * A saved description back into builder choices. Filters the builder cannot show (another operator or
 * member) are reported, not silently dropped, so the screen can say the export holds more than it shows.
 */
export function fromQueryDescription(
  description: QueryDescription,
  entry: { name: string; description: string; csv?: CsvOptions },
): { state: BuilderState; unshown: number } {
  const state = emptyBuilder();
  state.name = entry.name;
  state.description = entry.description;
  if (entry.csv) state.csv = { ...entry.csv };
  state.measures = [...description.measures];
  state.dimensions = [...description.dimensions];
  let unshown = 0;
  for (const filter of description.filters) {
    if (isCompound(filter.member) && filter.operator === 'in') {
      state.selections[filter.member] = filter.values.map((value) => ({
        value: String(value),
        label: String(value),
        parent: null,
      }));
    } else unshown += 1;
  }
  const time = description.timeDimension;
  const range = time?.dateRange;
  state.date = {
    range: range === undefined ? 'all' : Array.isArray(range) ? 'custom' : (range as DateRangePreset),
    from: Array.isArray(range) ? range[0] : '',
    to: Array.isArray(range) ? range[1] : '',
    granularity: time?.granularity ?? 'none',
  };
  const order = description.order[0];
  state.order = order ? { member: order.member, direction: order.direction } : null;
  return { state, unshown };
}
