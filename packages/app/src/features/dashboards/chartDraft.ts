// The chart builder's choices (chart card parts: details, entry, metric, plotting) and their
// conversion to and from a chart configuration. Pure, so the builder's rules are tested alone.
import type { DateRangePreset, DimensionId, MeasureId, TimeGranularity } from '@payportal/shared/analytics';
import {
  chartConfigSchema,
  type ChartConfig,
  type ChartConfigInput,
  type ChartType,
} from '@payportal/shared/dashboards';

export interface ChartDraft {
  title: string;
  type: ChartType;
  measures: MeasureId[];
  /** 'date': the date by `granularity`; otherwise a dimension, or '' for none. */
  xAxis: DimensionId | '';
  granularity: TimeGranularity;
  /** A second dimension: one series per value, or the heatmap's rows. */
  split: DimensionId | '';
  range: DateRangePreset | '';
  industry_group: string[];
  industry: string[];
  region: string[];
  state: string[];
  stacked: boolean;
  horizontal: boolean;
  donut: boolean;
  ignoreDashboardFilters: boolean;
  /** Reference line values in the measure's unit (VAMP: 0.015). */
  thresholds: { value: number; label: string }[];
}

export const emptyDraft = (): ChartDraft => ({
  title: '',
  type: 'bar',
  measures: ['gsv'],
  xAxis: 'industry_group',
  granularity: 'month',
  split: '',
  range: 'last_90_days',
  industry_group: [],
  industry: [],
  region: [],
  state: [],
  stacked: false,
  horizontal: false,
  donut: false,
  ignoreDashboardFilters: false,
  thresholds: [],
});

const COMPOUND = ['industry_group', 'industry', 'region', 'state'] as const;

export function draftToConfig(draft: ChartDraft): ChartConfigInput {
  const dateAxis = draft.xAxis === 'date' && draft.type !== 'kpi';
  const dimensions = [
    ...(draft.xAxis && !dateAxis && draft.type !== 'kpi' ? [draft.xAxis] : []),
    ...(draft.split && draft.type !== 'kpi' && draft.split !== draft.xAxis ? [draft.split] : []),
  ];
  const measures =
    draft.type === 'combo'
      ? draft.measures.slice(0, 2)
      : ['kpi', 'pie', 'heatmap'].includes(draft.type)
        ? draft.measures.slice(0, 1)
        : draft.measures;
  return {
    type: draft.type,
    title: draft.title.trim(),
    query: {
      measures,
      dimensions: dimensions.filter((d) => d !== 'date'),
      ...((dateAxis || draft.range) && {
        timeDimension: {
          dimension: 'date',
          ...(dateAxis && { granularity: draft.granularity }),
          ...(draft.range && { dateRange: draft.range }),
        },
      }),
      filters: COMPOUND.flatMap((member) =>
        draft[member].length ? [{ member, operator: 'in' as const, values: draft[member] }] : [],
      ),
      ...(!dateAxis &&
        measures[0] &&
        dimensions.length &&
        draft.type !== 'heatmap' && { order: [{ member: measures[0], direction: 'desc' as const }] }),
    },
    display: {
      stacked: draft.stacked,
      horizontal: draft.horizontal,
      donut: draft.donut,
      ignoreDashboardFilters: draft.ignoreDashboardFilters,
      thresholds: draft.thresholds,
    },
  };
}

export function configToDraft(config: ChartConfig): ChartDraft {
  const { query, display } = config;
  const inFilter = (member: string) =>
    query.filters.find((f) => f.member === member && f.operator === 'in')?.values.map(String) ?? [];
  const range = query.timeDimension?.dateRange;
  return {
    ...emptyDraft(),
    title: config.title,
    type: config.type,
    measures: [...query.measures],
    xAxis: query.timeDimension?.granularity ? 'date' : (query.dimensions[0] ?? ''),
    granularity: query.timeDimension?.granularity ?? 'month',
    split: (query.timeDimension?.granularity ? query.dimensions[0] : query.dimensions[1]) ?? '',
    range: typeof range === 'string' ? range : '',
    industry_group: inFilter('industry_group'),
    industry: inFilter('industry'),
    region: inFilter('region'),
    state: inFilter('state'),
    stacked: display.stacked,
    horizontal: display.horizontal,
    donut: display.donut,
    ignoreDashboardFilters: display.ignoreDashboardFilters,
    thresholds: [...display.thresholds],
  };
}

/** The configuration, or the first problem in words (the builder shows it under the preview). */
export function checkDraft(
  draft: ChartDraft,
): { config: ChartConfig; problem: null } | { config: null; problem: string } {
  const parsed = chartConfigSchema.safeParse(draftToConfig(draft));
  if (parsed.success) return { config: parsed.data, problem: null };
  const issue = parsed.error.issues[0]!;
  return { config: null, problem: `${issue.path.join('.') || 'chart'}: ${issue.message}` };
}
