// The query description (Cube-like): what a chart, an export or a screen asks the
// analytics engine. Members are catalogue ids; the organisation is never part of it (the API adds the
// verified caller's). Every field is bounded so a description is cheap to validate and to cache by.
import { z } from 'zod';
import {
  DATE_RANGE_PRESETS,
  DIMENSION_IDS,
  DIMENSIONS,
  FILTER_OPERATORS,
  MEASURE_IDS,
  QUERY_ROW_CAP,
  TIME_GRANULARITIES,
  type DimensionId,
  type FilterOperator,
  type MeasureId,
} from './catalogue.ts';

const oneOf = <T extends string>(what: string, ids: readonly [T, ...T[]]) =>
  z.enum(ids, { error: (issue) => `unknown ${what} ${JSON.stringify(issue.input)}: must be one of ${ids.join(', ')}` });

export const measureIdSchema = oneOf('measure', MEASURE_IDS);
export const dimensionIdSchema = oneOf('dimension', DIMENSION_IDS);
const memberIds = [...MEASURE_IDS, ...DIMENSION_IDS] as [MeasureId | DimensionId, ...(MeasureId | DimensionId)[]];
export const memberIdSchema = oneOf('member', memberIds);

/** A calendar day the data could hold: 1900–2199 (date arithmetic and both engines' date types stay exact). */
export const isoDateSchema = z.iso
  .date({ error: 'must be a date as YYYY-MM-DD' })
  .refine((value) => value >= '1900-01-01' && value <= '2199-12-31', {
    error: 'must be between 1900-01-01 and 2199-12-31',
  });

export const dateRangeSchema = z.union([
  oneOf('date range preset', DATE_RANGE_PRESETS),
  z
    .tuple([isoDateSchema, isoDateSchema], { error: 'must be a preset or [from, to] as YYYY-MM-DD' })
    .refine(([from, to]) => from <= to, { error: 'must start on or before its end' }),
]);

export const timeDimensionSchema = z.strictObject({
  dimension: z.literal('date', { error: 'must be "date"' }),
  /** Absent: the date range filters rows, no date column is returned. */
  granularity: oneOf('granularity', TIME_GRANULARITIES).optional(),
  dateRange: dateRangeSchema.optional(),
});

// A lone UTF-16 surrogate has no UTF-8 form: an engine would see U+FFFD and match another value.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const unicodeText = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !LONE_SURROGATE.test(value), { error: 'must be valid Unicode text' });

/** A filter value: short strings (nobody filters by a paragraph), finite numbers, booleans. */
// Subnormal numbers (below 2.2e-308) have no exact text form ClickHouse 18.16 parses: refused as input.
const SMALLEST_NORMAL = 2.2250738585072014e-308;
const filterNumberSchema = z
  .number()
  .finite()
  .refine((value) => value === 0 || Math.abs(value) >= SMALLEST_NORMAL, {
    error: 'must be 0 or at least 2.2e-308 in size',
  });
const filterValueSchema = z.union([unicodeText(256), filterNumberSchema, z.boolean()]);

const ARITY: Record<FilterOperator, [min: number, max: number]> = {
  equals: [1, 1],
  notEquals: [1, 1],
  in: [1, 1000],
  notIn: [1, 1000],
  gt: [1, 1],
  gte: [1, 1],
  lt: [1, 1],
  lte: [1, 1],
  between: [2, 2],
  contains: [1, 20],
  set: [0, 0],
  notSet: [0, 0],
};

export const filterSchema = z
  .strictObject({
    member: memberIdSchema,
    operator: oneOf('operator', FILTER_OPERATORS),
    values: z.array(filterValueSchema).max(1000).default([]),
  })
  .superRefine((filter, context) => {
    const [min, max] = ARITY[filter.operator];
    if (filter.values.length < min || filter.values.length > max) {
      const wanted = min === max ? `exactly ${min}` : `${min} to ${max}`;
      context.addIssue({
        code: 'custom',
        path: ['values'],
        message: `${filter.operator} takes ${wanted} value${max === 1 ? '' : 's'}`,
      });
    }
    const type = filter.member in DIMENSIONS ? DIMENSIONS[filter.member as DimensionId].type : 'number';
    const ordered = ['gt', 'gte', 'lt', 'lte', 'between'].includes(filter.operator);
    if (type === 'number' && !ordered && !['equals', 'notEquals'].includes(filter.operator)) {
      context.addIssue({
        code: 'custom',
        path: ['operator'],
        message: `a measure takes equals, notEquals, gt, gte, lt, lte or between, not ${filter.operator}`,
      });
    }
    if (ordered && type !== 'number' && type !== 'date') {
      context.addIssue({
        code: 'custom',
        path: ['operator'],
        message: `${filter.operator} needs a measure or the date, not ${filter.member}`,
      });
    }
    filter.values.forEach((value, index) => {
      const problem = valueProblem(type, value, filter.operator);
      if (problem) context.addIssue({ code: 'custom', path: ['values', index], message: problem });
    });
  });

function valueProblem(type: string, value: string | number | boolean, operator: FilterOperator): string | null {
  if (type === 'number') return typeof value === 'number' ? null : 'must be a number';
  if (type === 'boolean') return typeof value === 'boolean' ? null : 'must be true or false';
  if (type === 'date')
    return typeof value === 'string' && isoDateSchema.safeParse(value).success ? null : 'must be a date as YYYY-MM-DD';
  if (typeof value !== 'string') return 'must be a string';
  return operator === 'contains' && value.length === 0 ? 'must not be empty' : null;
}

export const orderSchema = z.strictObject({
  member: memberIdSchema,
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
});

/** At most this many attributes (dimensions) in one question: the builder stops there too. */
export const QUERY_DIMENSIONS_MAX = 8;

export const queryDescriptionSchema = z
  .strictObject({
    // room for every measure of the catalogue in one question (the cross-engine test asks them all at once)
    measures: z.array(measureIdSchema).max(64).default([]),
    /** Everything but the date, which comes through timeDimension. */
    dimensions: z.array(dimensionIdSchema).max(QUERY_DIMENSIONS_MAX).default([]),
    timeDimension: timeDimensionSchema.optional(),
    filters: z.array(filterSchema).max(32).default([]),
    order: z.array(orderSchema).max(8).default([]),
    limit: z.number().int().min(1).max(QUERY_ROW_CAP).optional(),
  })
  .superRefine((query, context) => {
    if (query.measures.length === 0 && query.dimensions.length === 0 && !query.timeDimension?.granularity) {
      context.addIssue({ code: 'custom', path: ['measures'], message: 'ask for at least one measure or dimension' });
    }
    query.dimensions.forEach((dimension, index) => {
      if (dimension === 'date')
        context.addIssue({
          code: 'custom',
          path: ['dimensions', index],
          message: 'the date comes through timeDimension',
        });
      if (query.dimensions.indexOf(dimension) !== index)
        context.addIssue({ code: 'custom', path: ['dimensions', index], message: `${dimension} is listed twice` });
    });
    query.measures.forEach((measure, index) => {
      if (query.measures.indexOf(measure) !== index)
        context.addIssue({ code: 'custom', path: ['measures', index], message: `${measure} is listed twice` });
    });
    const selected = new Set<string>([
      ...query.measures,
      ...query.dimensions,
      ...(query.timeDimension?.granularity ? ['date'] : []),
    ]);
    query.order.forEach((order, index) => {
      if (!selected.has(order.member))
        context.addIssue({
          code: 'custom',
          path: ['order', index, 'member'],
          message: `${order.member} is not in the query`,
        });
    });
  });

export type QueryDescription = z.output<typeof queryDescriptionSchema>;
export type QueryDescriptionInput = z.input<typeof queryDescriptionSchema>;
export type QueryFilter = z.output<typeof filterSchema>;

export const queryColumnSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['string', 'date', 'boolean', 'number']),
  format: z.enum(['money', 'count', 'percent', 'bps']).nullable(),
});
export type QueryColumn = z.infer<typeof queryColumnSchema>;

export const queryResultSchema = z.object({
  columns: z.array(queryColumnSchema),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  rowCount: z.number().int(),
  truncated: z.boolean(),
  /** Where the answer came from: the rollup or the raw tables (for the curious and the benchmarks). */
  source: z.enum(['rollup', 'raw']),
  dataVersion: z.string(),
});
export type QueryResult = z.infer<typeof queryResultSchema>;
export type QueryCell = QueryResult['rows'][number][number];

export const catalogueResponseSchema = z.object({
  measures: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      format: z.enum(['money', 'count', 'percent', 'bps']),
      description: z.string(),
    }),
  ),
  dimensions: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      type: z.enum(['string', 'date', 'boolean']),
      description: z.string(),
      parent: z.string().nullable(),
    }),
  ),
  granularities: z.array(z.string()),
  dateRangePresets: z.array(z.string()),
  filterOperators: z.array(z.string()),
  rowCap: z.number().int(),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

export const VALUE_DIMENSION_IDS = [
  'industry_group',
  'industry',
  'region',
  'state',
  'merchant',
  'sub_iso',
  'agent',
] as const;

export const valuesParamsSchema = z.object({
  dimension: z.enum(VALUE_DIMENSION_IDS, { error: `must be one of ${VALUE_DIMENSION_IDS.join(', ')}` }),
});

/** The longest search or parent value the values route takes (the app's search box stops there too). */
export const VALUE_SEARCH_MAX_LENGTH = 100;

export const valuesQuerySchema = z.strictObject({
  search: unicodeText(VALUE_SEARCH_MAX_LENGTH).optional(),
  parent: unicodeText(VALUE_SEARCH_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const valuesResponseSchema = z.object({
  values: z.array(z.object({ value: z.string(), label: z.string(), parent: z.string().nullable() })),
});
export type ValuesResponse = z.infer<typeof valuesResponseSchema>;
