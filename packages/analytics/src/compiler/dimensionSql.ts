// Where each dimension of the catalogue lives. Columns are unqualified: a query reads one fact
// (transactions, chargebacks or the merchant_daily rollup), joined when needed to merchant_dim
// `using (org_id, merchant_id)` (schema/tables.ts), or merchant_dim alone for attrition. A dimension
// names the sources that hold it; asking a source for one it lacks (the decline code of a chargeback)
// is a clear 400, never a silent null column.
import type { DimensionId } from '@payportal/shared/analytics';
import { FACT_SOURCES, type FactSource } from '../catalogue/parts.ts';
import type { Dialect } from './dialect.ts';

/** `disputes`: one row per chargeback with its dispute events summed up (catalogue/disputeParts.ts), raw only. */
export type Source = FactSource | 'disputes' | 'rollup' | 'merchants';

export interface DimensionSql {
  /** The expression, per-source expressions when a column differs by fact, or a part of the time (the dialect's). */
  sql: string | Partial<Record<Source, string>> | { timePart: 'weekday' | 'hour' };
  /** Read from merchant_dim, so a fact must join it. */
  merchantAttribute: boolean;
  sources: readonly Source[];
}

const everywhere = ['transactions', 'chargebacks', 'sale_chargebacks', 'disputes', 'rollup', 'merchants'] as const;
const disputeFacts = ['chargebacks', 'sale_chargebacks', 'disputes'] as const;
const cardFacts = ['transactions', 'chargebacks', 'sale_chargebacks'] as const;
const merchantColumn = (column: string): DimensionSql => ({
  sql: column,
  merchantAttribute: true,
  sources: everywhere,
});
const cardColumn = (column: string): DimensionSql => ({ sql: column, merchantAttribute: false, sources: cardFacts });

const DIMENSION_SQL = {
  date: {
    sql: {
      transactions: FACT_SOURCES.transactions.day,
      chargebacks: FACT_SOURCES.chargebacks.day,
      sale_chargebacks: FACT_SOURCES.sale_chargebacks.day,
      disputes: FACT_SOURCES.chargebacks.day,
      rollup: 'day',
      merchants: 'bucket_label',
    },
    merchantAttribute: false,
    sources: everywhere,
  },
  industry_group: merchantColumn('industry_group'),
  industry: merchantColumn('mcc'),
  region: merchantColumn('region'),
  state: merchantColumn('state_code'),
  merchant: merchantColumn('mid'),
  merchant_name: merchantColumn('dba_name'),
  // Text in both engines: DuckDB reads String as VARCHAR, ClickHouse names its type so (drill-down).
  merchant_id: merchantColumn('cast(merchant_id as String)'),
  card_brand: cardColumn('card_brand'),
  card_type: cardColumn('card_type'),
  card_tier: cardColumn('card_tier'),
  entry_mode: cardColumn('entry_mode'),
  channel: {
    sql: "case when card_present then 'cp' else 'cnp' end",
    merchantAttribute: false,
    sources: ['transactions', 'chargebacks', 'sale_chargebacks', 'rollup'],
  },
  issuer_country: cardColumn('issuer_country'),
  cross_border: cardColumn('is_cross_border'),
  decline_code: { sql: 'decline_code', merchantAttribute: false, sources: ['transactions'] },
  dispute_category: { sql: 'reason_category', merchantAttribute: false, sources: disputeFacts },
  network: { sql: 'network', merchantAttribute: false, sources: disputeFacts },
  // the chargeback's furthest stage; on the disputes source, the stage of its last event (the same for generated data)
  dispute_stage: { sql: 'stage', merchantAttribute: false, sources: disputeFacts },
  reason_code: { sql: 'reason_code', merchantAttribute: false, sources: disputeFacts },
  pricing_plan_type: merchantColumn('pricing_plan_type'),
  size_tier: merchantColumn('size_tier'),
  risk_tier: merchantColumn('risk_tier'),
  sub_iso: merchantColumn('sub_iso_name'),
  agent: merchantColumn('agent_name'),
  // the merchant page's heatmap: only the raw sales keep the time of day
  day_of_week: { sql: { timePart: 'weekday' }, merchantAttribute: false, sources: ['transactions'] },
  hour_of_day: { sql: { timePart: 'hour' }, merchantAttribute: false, sources: ['transactions'] },
} as const satisfies Record<DimensionId, DimensionSql>;

export function dimensionExpression(
  dimension: DimensionId,
  source: Source,
  dialect: Pick<Dialect, 'timePart'>,
): string {
  const { sql } = DIMENSION_SQL[dimension] as DimensionSql;
  if (typeof sql === 'string') return sql;
  if ('timePart' in sql) return dialect.timePart(sql.timePart, 'ts');
  const expression = sql[source];
  if (!expression) throw new Error(`${dimension} has no column in ${source}`);
  return expression;
}

export function dimensionSources(dimension: DimensionId): readonly Source[] {
  return DIMENSION_SQL[dimension].sources;
}

export function isMerchantAttribute(dimension: DimensionId): boolean {
  return DIMENSION_SQL[dimension].merchantAttribute;
}
