// Description + verified caller scope → one SQL statement and its values. Pure: no
// engine, no I/O. Identifiers come only from the catalogue tables in this folder; every value from
// the description goes through the dialect's binder; the organisation comes from the scope, which the
// API fills from the verified caller and no description can name.
import {
  DIMENSIONS,
  MEASURES,
  type DimensionId,
  type MeasureId,
  type QueryColumn,
  type QueryDescription,
  type TimeGranularity,
} from '@payportal/shared/analytics';
import {
  DECLINE_ONLY_DIMENSIONS,
  FACT_SOURCES,
  PARTS,
  PART_IDS,
  ROWS_OF,
  WHOLE_SCOPE_DENOMINATORS,
  type FactSource,
  type Part,
  type PartId,
} from '../catalogue/parts.ts';
import { DISPUTE_PART_IDS, DISPUTE_PARTS, disputesTable, type DisputePart } from '../catalogue/disputeParts.ts';
import { defaultAttritionRange, dateBuckets, resolveDateRange, type ResolvedRange } from './dateRange.ts';
import type { Binder, Dialect, FilterValue, ValueType } from './dialect.ts';
import { dimensionExpression, dimensionSources, isMerchantAttribute, type Source } from './dimensionSql.ts';
import { filterCondition } from './filterSql.ts';
import { MEASURE_SQL, type FactPartId, type MerchantPartId } from './measureSql.ts';
import { merchantScopeSql } from './merchantScope.ts';
import type { QueryScope } from './queryScope.ts';
import { QueryError, type QueryIssue } from './queryError.ts';

export type { QueryScope } from './queryScope.ts';

export interface CompileOptions {
  rowCap: number;
  /** auto: the rollup whenever it holds every member (the default); the others are for tests and benchmarks. */
  rollup?: 'auto' | 'never' | 'always';
}

export interface CompiledQuery {
  sql: string;
  params: FilterValue[];
  /** The declared type of each parameter (Binder.types). */
  types: ValueType[];
  columns: QueryColumn[];
  source: 'rollup' | 'raw';
  /** Rows the answer may hold; the SQL asks for one more to tell a truncated answer. */
  rowLimit: number;
}

type AnyPart = FactPartId | MerchantPartId;
/** Every fact part: the rollup's PARTS first, then the raw-only dispute parts. */
const FACT_PARTS: Record<FactPartId, Part | DisputePart> = { ...PARTS, ...DISPUTE_PARTS };
const FACT_PART_IDS: FactPartId[] = [...PART_IDS, ...DISPUTE_PART_IDS];
const inRollup = (part: AnyPart) => (PART_IDS as readonly string[]).includes(part);
const mapValues = <K extends string, V, W>(record: Record<K, V>, map: (value: V) => W) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value as V)])) as Record<K, W>;
const MERCHANT_PARTS: readonly MerchantPartId[] = ['merchants_closed', 'merchants_exposed'];
const FACT_TABLE: Record<Exclude<Source, 'merchants' | 'disputes'>, string> = {
  ...mapValues(FACT_SOURCES, (fact) => fact.table),
  rollup: 'merchant_daily',
};

/**
 * Dimensions naming exactly one merchant of the organisation: merchant_id is the key, and a MID is unique
 * within an organisation (the generator makes them so; an upload refuses a MID the organisation has).
 */
const MERCHANT_KEYS: readonly DimensionId[] = ['merchant_id', 'merchant'];

const isMerchantPart = (part: AnyPart): part is MerchantPartId => (MERCHANT_PARTS as readonly string[]).includes(part);
const partSource = (part: AnyPart): Source => (isMerchantPart(part) ? 'merchants' : FACT_PARTS[part].source);
const isMoney = (part: AnyPart) => !isMerchantPart(part) && FACT_PARTS[part].money;
/** The rollup holds every part of PARTS; merchant_dim alone holds the attrition counts. */
const provides = (source: Source, part: AnyPart) =>
  isMerchantPart(part)
    ? source === 'merchants'
    : (source === 'rollup' && inRollup(part)) || source === FACT_PARTS[part].source;
const alias = (member: string) => `"${member}"`;
const partAlias = (part: AnyPart) => `"p_${part}"`;
const scopeAlias = (part: AnyPart) => `"s_${part}"`;
const isDeclineOnly = (dimension: string) => (DECLINE_ONLY_DIMENSIONS as readonly string[]).includes(dimension);

export function compileQuery(
  description: QueryDescription,
  scope: QueryScope,
  dialect: Dialect,
  options: CompileOptions,
): CompiledQuery {
  const binder = dialect.binder();
  const org = binder.value(scope.orgId, 'integer');
  const node = scope.node === undefined ? null : binder.value(scope.node, 'string');
  const granularity = description.timeDimension?.granularity;
  const groupBy: DimensionId[] = [...(granularity ? (['date'] as const) : []), ...description.dimensions];
  const dimensionFilters = description.filters.filter((filter) => filter.member in DIMENSIONS);
  const measureFilters = description.filters.filter((filter) => filter.member in MEASURES);
  const measuresUsed = new Set<MeasureId>([
    ...description.measures,
    ...measureFilters.map((filter) => filter.member as MeasureId),
  ]);
  const parts = FACT_PART_IDS.filter((part) =>
    [...measuresUsed].some((measure) => (MEASURE_SQL[measure].parts as readonly AnyPart[]).includes(part)),
  );
  const merchantParts = measuresUsed.has('attrition') ? MERCHANT_PARTS : [];
  const allParts: AnyPart[] = [...parts, ...merchantParts];
  const dateRange = description.timeDimension?.dateRange
    ? resolveDateRange(description.timeDimension.dateRange, scope.today)
    : null;

  const touched = new Set<DimensionId>([...groupBy, ...dimensionFilters.map((filter) => filter.member as DimensionId)]);
  // The dispute parts are never in the rollup: a question asking one reads the raw rows, even when asked 'always'.
  const useRollup =
    parts.every(inRollup) &&
    (options.rollup === 'always' ||
      (options.rollup !== 'never' &&
        [...touched].every((dimension) => dimensionSources(dimension).includes('rollup'))));
  const sources = [
    ...new Set(allParts.map((part) => (useRollup && !isMerchantPart(part) ? 'rollup' : partSource(part)))),
  ];
  if (sources.length === 0) sources.push(sourceForDimensionsOnly(touched, useRollup));
  // The facts the raw tables would read for this query: the rollup keeps only rows holding some of them.
  const rollupParts = parts.filter((id): id is PartId => inRollup(id));
  const rawFacts = rollupParts.length
    ? [...new Set(rollupParts.map((id) => PARTS[id].source))]
    : allParts.length
      ? []
      : [sourceForDimensionsOnly(touched, false) as FactSource];
  assertAnswerable(description, sources, touched);

  const context: SourceContext = {
    dialect,
    binder,
    org,
    merchantScope: merchantScopeSql(org, node),
    scoped: node !== null,
    groupBy,
    dimensionFilters,
    allParts,
    rawFacts,
    dateRange,
    granularity,
    today: scope.today,
  };
  const union = sources.map((source) => sourceSelect(source, context)).join(' union all ');
  // One source is already one row per group: summing its rows again (a second hash aggregation, millions
  // of groups for a fine export) would change nothing. Several sources are added up group by group.
  const combine = sources.length > 1;
  const part = (id: AnyPart) => dialect.toDouble(combine ? `sum(${partAlias(id)})` : partAlias(id));
  const ratio = (numerator: string, denominator: string) => `(${numerator}) / nullif(${denominator}, 0)`;
  const wholeScope = wholeScopeJoin(sources, rollupParts, context);
  const base = (id: AnyPart) =>
    wholeScope?.parts.includes(id as PartId) ? dialect.toDouble(scopeAlias(id)) : part(id);
  const measureSql = (measure: MeasureId) => MEASURE_SQL[measure].build(part, ratio, base);

  const selectList = [
    ...groupBy.map(
      (dimension) =>
        `${dimension === 'date' ? dialect.dateText(alias('d_date')) : alias(`d_${dimension}`)} as ${alias(dimension)}`,
    ),
    ...description.measures.map((measure) => `${measureSql(measure)} as ${alias(measure)}`),
  ];
  const having = measureFilters.map((filter) =>
    filterCondition(measureSql(filter.member as MeasureId), 'number', filter, dialect, binder),
  );
  const rowLimit = Math.min(description.limit ?? options.rowCap, options.rowCap);
  const sql = [
    `select ${selectList.join(', ')}`,
    `from (${union}) as u${wholeScope ? ` ${wholeScope.join}` : ''}`,
    combine && groupBy.length ? `group by ${groupBy.map((dimension) => alias(`d_${dimension}`)).join(', ')}` : '',
    having.length ? `${combine ? 'having' : 'where'} ${having.join(' and ')}` : '',
    `order by ${orderList(description, groupBy).join(', ')}`,
    `limit ${rowLimit + 1}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    params: binder.params,
    types: binder.types,
    columns: columnsOf(description, groupBy),
    source: useRollup ? 'rollup' : 'raw',
    rowLimit,
  };
}

interface SourceContext {
  dialect: Dialect;
  binder: Binder;
  org: string;
  /** merchant_dim's condition for the caller's merchants: the organisation, and the node's subtree when scoped. */
  merchantScope: string;
  scoped: boolean;
  groupBy: DimensionId[];
  dimensionFilters: QueryDescription['filters'];
  allParts: AnyPart[];
  /** The facts a raw read of the query scans (for the rollup's row condition). */
  rawFacts: FactSource[];
  dateRange: ResolvedRange | null;
  granularity: TimeGranularity | undefined;
  today: string;
}

/** One source's rows, grouped by the query's dimensions, with every part (zero where it has none). */
function sourceSelect(source: Source, context: SourceContext): string {
  const { dialect, binder, org, merchantScope, groupBy } = context;
  const dimensionColumn = (dimension: DimensionId) => {
    const expression = dimensionExpression(dimension, source, dialect);
    return dimension === 'date' && source !== 'merchants' && context.granularity
      ? dialect.dateTrunc(context.granularity, expression)
      : expression;
  };
  const partColumn = (part: AnyPart) => {
    const money = isMoney(part);
    const value = provides(source, part)
      ? dialect.part(partAggregate(part, source, dialect), money)
      : dialect.zero(money);
    return `${value} as ${partAlias(part)}`;
  };
  const filterOn = (filter: QueryDescription['filters'][number]) => {
    const dimension = filter.member as DimensionId;
    return filterCondition(
      dimensionExpression(dimension, source, dialect),
      DIMENSIONS[dimension].type,
      filter,
      dialect,
      binder,
    );
  };
  const merchantSubquery = `select * from merchant_dim where ${merchantScope}`;
  if (source === 'merchants') {
    const range = context.dateRange ?? defaultAttritionRange(context.today);
    const from = `(${merchantSubquery}) as m cross join ${dialect.dateBuckets(dateBuckets(range, context.granularity), binder)} as b`;
    return groupedSelect(
      [
        ...groupBy.map((dimension) => `${dimensionColumn(dimension)} as ${alias(`d_${dimension}`)}`),
        ...context.allParts.map(partColumn),
      ],
      from,
      context.dimensionFilters.map(filterOn),
      groupBy.map(dimensionColumn),
    );
  }

  const factConditions = [`org_id = ${org}`];
  if (source === 'rollup') factConditions.push(...rollupRowCondition(context.rawFacts));
  // a chargeback without its sale's date has no place in the cohort view (the rollup skips it too)
  if (source === 'sale_chargebacks') factConditions.push(`${FACT_SOURCES.sale_chargebacks.day} is not null`);
  if (context.dateRange) {
    factConditions.push(
      `${dimensionExpression('date', source, dialect)} between ${binder.value(context.dateRange.from, 'date')} and ${binder.value(context.dateRange.to, 'date')}`,
    );
  }
  const merchantFilters = context.dimensionFilters.filter((filter) =>
    isMerchantAttribute(filter.member as DimensionId),
  );
  factConditions.push(...context.dimensionFilters.filter((filter) => !merchantFilters.includes(filter)).map(filterOn));
  // The merchant filters (and a scoped caller's subtree) also narrow the fact scan itself (the same
  // merchants the join keeps below), so one merchant's page reads its own rows: DuckDB pushes the
  // semi-join's key range into the scan.
  const merchantConditions = [merchantScope, ...merchantFilters.map(filterOn)];
  if (merchantFilters.length || context.scoped)
    factConditions.push(
      `merchant_id in (select merchant_id from merchant_dim where ${merchantConditions.join(' and ')})`,
    );
  const needsMerchants = merchantFilters.length > 0 || groupBy.some(isMerchantAttribute);
  if (!needsMerchants) {
    return groupedSelect(
      [
        ...groupBy.map((dimension) => `${dimensionColumn(dimension)} as ${alias(`d_${dimension}`)}`),
        ...context.allParts.map(partColumn),
      ],
      `${tableOf(source, context)} as f`,
      factConditions,
      groupBy.map(dimensionColumn),
    );
  }
  // Merchant attributes: the facts are first summed per merchant (and per fact dimension), and only
  // those sums meet merchant_dim, so the join sees thousands of rows rather than millions.
  const factDimensions = groupBy.filter((dimension) => !isMerchantAttribute(dimension));
  const perMerchant = groupedSelect(
    [
      'org_id',
      'merchant_id',
      ...factDimensions.map((dimension) => `${dimensionColumn(dimension)} as ${alias(`d_${dimension}`)}`),
      ...context.allParts.map(partColumn),
    ],
    tableOf(source, context),
    factConditions,
    ['org_id', 'merchant_id', ...factDimensions.map(dimensionColumn)],
  );
  const outerColumn = (dimension: DimensionId) =>
    isMerchantAttribute(dimension) ? dimensionExpression(dimension, source, dialect) : alias(`d_${dimension}`);
  // Grouped by a merchant key, each per-merchant row is its own group: no second aggregation.
  const perRow = groupBy.some((dimension) => MERCHANT_KEYS.includes(dimension));
  const outerPart = (part: AnyPart) =>
    perRow
      ? partAlias(part)
      : `${dialect.part(dialect.sumIf(partAlias(part), undefined), isMoney(part))} as ${partAlias(part)}`;
  return groupedSelect(
    [
      ...groupBy.map((dimension) => `${outerColumn(dimension)} as ${alias(`d_${dimension}`)}`),
      ...context.allParts.map(outerPart),
    ],
    `(${perMerchant}) as f ${dialect.innerJoin} (${merchantSubquery}) as m using (org_id, merchant_id)`,
    merchantFilters.map(filterOn),
    perRow ? [] : groupBy.map(outerColumn),
  );
}

/**
 * When a dimension that exists only on declines splits or filters the query, the denominators of
 * WHOLE_SCOPE_DENOMINATORS are counted again without it (same facts, date range and other filters,
 * grouped by the other dimensions) and joined to each group: a decline code's rate is its share of every
 * attempt in scope. Only the sales hold such a dimension, so the query has that one source.
 */
function wholeScopeJoin(
  sources: Source[],
  parts: PartId[],
  context: SourceContext,
): { parts: PartId[]; join: string } | null {
  const touched = [...context.groupBy, ...context.dimensionFilters.map((filter) => filter.member)];
  const scopeParts = parts.filter((part) => WHOLE_SCOPE_DENOMINATORS.includes(part));
  if (!touched.some(isDeclineOnly) || scopeParts.length === 0) return null;
  if (sources.length !== 1 || sources[0] !== 'transactions')
    throw new Error(`a decline-only dimension read from ${sources.join(', ')}`);
  const groupBy = context.groupBy.filter((dimension) => !isDeclineOnly(dimension));
  const dimensionFilters = context.dimensionFilters.filter((filter) => !isDeclineOnly(filter.member));
  const keys = groupBy.map((dimension) => alias(`d_${dimension}`));
  const inner = sourceSelect('transactions', { ...context, groupBy, dimensionFilters, allParts: scopeParts });
  const scope = `(select ${[...keys, ...scopeParts.map((part) => `${partAlias(part)} as ${scopeAlias(part)}`)].join(', ')} from (${inner}) as s0) as s`;
  return {
    parts: scopeParts,
    join: keys.length ? `${context.dialect.leftJoin} ${scope} using (${keys.join(', ')})` : `cross join ${scope}`,
  };
}

/**
 * A rollup row sums both facts of a merchant, day and channel; a raw query has a group only where the
 * facts it reads have rows. Reading one fact, the rollup keeps the rows where that fact has some
 * (catalogue ROWS_OF); reading both, every row qualifies.
 */
function rollupRowCondition(facts: readonly FactSource[]): string[] {
  if (facts.length !== 1) return [];
  return [`(${ROWS_OF[facts[0]!].map((part) => `${part} > 0`).join(' or ')})`];
}

/** A source's rows: its table, or for disputes the per-chargeback summary of the organisation's events. */
function tableOf(source: Exclude<Source, 'merchants'>, context: SourceContext): string {
  return source === 'disputes' ? disputesTable(context.org, context.dialect) : FACT_TABLE[source];
}

function groupedSelect(selectList: string[], from: string, conditions: string[], groupBy: string[]): string {
  return [
    `select ${selectList.join(', ')}`,
    `from ${from}`,
    conditions.length ? `where ${conditions.join(' and ')}` : '',
    groupBy.length ? `group by ${groupBy.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function partAggregate(part: AnyPart, source: Source, dialect: Dialect): string {
  if (part === 'merchants_closed') return dialect.countIf('closed_on between bucket_start and bucket_end');
  if (part === 'merchants_exposed')
    return dialect.countIf('onboarded_on <= bucket_end and (closed_on is null or closed_on >= bucket_start)');
  if (source === 'rollup') return dialect.sumIf(part, undefined);
  const definition: Part | DisputePart = FACT_PARTS[part];
  return definition.kind === 'count'
    ? dialect.countIf(definition.condition)
    : dialect.sumIf(definition.expression!, definition.condition);
}

function assertAnswerable(description: QueryDescription, sources: Source[], touched: Set<DimensionId>): void {
  const issues: QueryIssue[] = [];
  for (const source of sources) {
    for (const dimension of touched) {
      if (dimensionSources(dimension).includes(source)) continue;
      const measures = description.measures.filter((measure) => measureSources(measure).includes(source));
      const asked = measures.length ? measures.join(', ') : 'this query';
      issues.push({
        field: description.dimensions.includes(dimension) ? 'dimensions' : 'filters',
        problem: `${asked} cannot be split or filtered by ${dimension}`,
      });
    }
  }
  if (issues.length) throw new QueryError(issues);
}

/** A query of dimensions only (distinct values) reads the first fact that holds them all. */
function sourceForDimensionsOnly(touched: Set<DimensionId>, useRollup: boolean): Source {
  const candidates: Source[] = useRollup ? ['rollup'] : ['transactions', 'chargebacks'];
  return (
    candidates.find((source) => [...touched].every((dimension) => dimensionSources(dimension).includes(source))) ??
    'transactions'
  );
}

function measureSources(measure: MeasureId): Source[] {
  return [...new Set((MEASURE_SQL[measure].parts as readonly AnyPart[]).map(partSource))];
}

/** The caller's order, then a total order (date, first measure descending, every dimension) so runs agree. */
function orderList(description: QueryDescription, groupBy: DimensionId[]): string[] {
  // The date sorts by its value, not its ISO text: the same order, and a cheaper sort key (an export
  // sorts millions of rows).
  const sortKey = (member: string) => (member === 'date' && groupBy.includes('date') ? alias('d_date') : alias(member));
  const order = description.order.map((item) => `${sortKey(item.member)} ${item.direction} nulls last`);
  const ordered = new Set(description.order.map((item) => item.member as string));
  if (groupBy.includes('date') && !ordered.has('date')) order.push(`${sortKey('date')} asc`);
  const firstMeasure = description.measures[0];
  if (description.order.length === 0 && firstMeasure && groupBy.length > (groupBy.includes('date') ? 1 : 0)) {
    order.push(`${alias(firstMeasure)} desc nulls last`);
  }
  for (const dimension of groupBy)
    if (!ordered.has(dimension) && dimension !== 'date') order.push(`${alias(dimension)} asc nulls last`);
  if (order.length === 0) order.push('1');
  return order;
}

function columnsOf(description: QueryDescription, groupBy: DimensionId[]): QueryColumn[] {
  return [
    ...groupBy.map((dimension) => ({
      name: dimension,
      label: DIMENSIONS[dimension].label,
      type: DIMENSIONS[dimension].type,
      format: null,
    })),
    ...description.measures.map((measure) => ({
      name: measure,
      label: MEASURES[measure].label,
      type: 'number' as const,
      format: MEASURES[measure].format,
    })),
  ];
}
