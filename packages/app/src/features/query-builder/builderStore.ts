// The query builder's choices: a module-level valtio proxy plus the actions that change it,
// one builder per page. The screen turns it into a query description with `toQueryDescription`.
import type { DateRangePreset, DimensionId, MeasureId, TimeGranularity } from '@payportal/shared/analytics';
import { DEFAULT_CSV_OPTIONS, type CsvOptions } from '@payportal/shared/exports';
import { proxy } from 'valtio';

/** The members of the compound searches (industry group → industry, region → state, sub-ISO → agent). */
export type CompoundMember = 'industry_group' | 'industry' | 'region' | 'state' | 'sub_iso' | 'agent';
export const COMPOUND_MEMBERS: readonly CompoundMember[] = [
  'industry_group',
  'industry',
  'region',
  'state',
  'sub_iso',
  'agent',
];
/** Each parent member's child: removing a parent value removes the children chosen under it. */
const CHILD_OF: Partial<Record<CompoundMember, CompoundMember>> = {
  industry_group: 'industry',
  region: 'state',
  sub_iso: 'agent',
};

/** A chosen value of a compound search; `parent` is its parent's value (an industry's group). */
export interface Selection {
  value: string;
  label: string;
  parent: string | null;
}

export interface DateChoice {
  /** `all`: no date filter; `custom`: from/to below. */
  range: DateRangePreset | 'all' | 'custom';
  from: string;
  to: string;
  /** `none`: the date filters rows but is no column. */
  granularity: TimeGranularity | 'none';
}

export interface BuilderState {
  name: string;
  description: string;
  dimensions: DimensionId[];
  measures: MeasureId[];
  selections: Record<CompoundMember, Selection[]>;
  date: DateChoice;
  order: { member: string; direction: 'asc' | 'desc' } | null;
  /** How the file is written. */
  csv: CsvOptions;
}

const emptySelections = (): Record<CompoundMember, Selection[]> => ({
  industry_group: [],
  industry: [],
  region: [],
  state: [],
  sub_iso: [],
  agent: [],
});
const emptyDate = (): DateChoice => ({ range: 'last_90_days', from: '', to: '', granularity: 'month' });

export const emptyBuilder = (): BuilderState => ({
  name: '',
  description: '',
  dimensions: [],
  measures: [],
  selections: emptySelections(),
  date: emptyDate(),
  order: null,
  csv: { ...DEFAULT_CSV_OPTIONS },
});

export const builder = proxy<BuilderState>(emptyBuilder());

export function setEntry(field: 'name' | 'description', value: string): void {
  builder[field] = value;
}

export function toggleDimension(id: DimensionId, on: boolean): void {
  builder.dimensions = on
    ? [...new Set([...builder.dimensions, id])]
    : builder.dimensions.filter((item) => item !== id);
  if (!on && builder.order?.member === id) builder.order = null;
}

export function addMeasure(id: MeasureId): void {
  if (!builder.measures.includes(id)) builder.measures.push(id);
}

export function replaceMeasure(index: number, id: MeasureId): void {
  const previous = builder.measures[index];
  if (previous === undefined || builder.measures.includes(id)) return;
  builder.measures[index] = id;
  if (builder.order?.member === previous) builder.order = null;
}

export function removeMeasure(index: number): void {
  const [removed] = builder.measures.splice(index, 1);
  if (builder.order?.member === removed) builder.order = null;
}

export function addSelection(member: CompoundMember, selection: Selection): void {
  if (!builder.selections[member].some((item) => item.value === selection.value))
    builder.selections[member].push(selection);
}

/** Removing a parent value also removes the children chosen under it: they could match nothing now. */
export function removeSelection(member: CompoundMember, value: string): void {
  builder.selections[member] = builder.selections[member].filter((item) => item.value !== value);
  const child = CHILD_OF[member];
  if (child) builder.selections[child] = builder.selections[child].filter((item) => item.parent !== value);
}

export function setDate(change: Partial<DateChoice>): void {
  Object.assign(builder.date, change);
  if (builder.date.granularity === 'none' && builder.order?.member === 'date') builder.order = null;
}

/** A column header's sort: ascending first, then descending. */
export function sortBy(member: string): void {
  builder.order = {
    member,
    direction: builder.order?.member === member && builder.order.direction === 'asc' ? 'desc' : 'asc',
  };
}

export function setCsvOption<Key extends keyof CsvOptions>(key: Key, value: CsvOptions[Key]): void {
  builder.csv[key] = value;
}

/** "Do you wish to clear all selections?": every choice of rows and columns goes; the name, description and file options stay. */
export function clearSelections(): void {
  Object.assign(builder, {
    ...emptyBuilder(),
    name: builder.name,
    description: builder.description,
    csv: { ...builder.csv },
  });
}

export function loadBuilder(state: BuilderState): void {
  Object.assign(builder, structuredClone(state));
}

export function resetBuilder(): void {
  Object.assign(builder, emptyBuilder());
}
