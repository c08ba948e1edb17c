// The ClickHouse tables, derived from the DuckDB statements of schema/tables.ts (the contract) so a
// column added there appears here with the same name, order and meaning. What ClickHouse needs in
// addition lives here: each table's sort key, and which tables are partitioned per organisation.
import {
  DIMENSION_TABLES,
  FACT_TABLES,
  LEDGER_TABLES,
  MERCHANT_DIM_COLUMNS,
  ROLLUP_TABLES,
  type VIEWS,
} from '../schema/tables.ts';
import { clickhouseString } from './clickhouseLiteral.ts';
import { tableColumns, type TableColumn } from './tableColumns.ts';

export type AnalyticsTable =
  | keyof typeof DIMENSION_TABLES
  | keyof typeof FACT_TABLES
  | keyof typeof ROLLUP_TABLES
  | keyof typeof LEDGER_TABLES
  | keyof typeof VIEWS;

// What queries narrow by first: the organisation, then the merchant, then the day.
// The Record type makes a table added to tables.ts fail to compile until it has a key here.
const ORDER_BY: Record<AnalyticsTable, readonly string[]> = {
  industry_groups: ['industry_group_id'],
  industries: ['mcc'],
  regions: ['region_id'],
  states: ['state_code'],
  card_products: ['brand', 'card_type', 'tier'],
  interchange_programs: ['program_id'],
  interchange_program_mccs: ['program_id', 'mcc'],
  decline_codes: ['code'],
  dispute_reasons: ['reason_code'],
  dispute_rules: ['network', 'stage', 'reason_code'],
  pricing_plans: ['org_id', 'pricing_plan_id'],
  merchants: ['org_id', 'merchant_id'],
  portfolio_nodes: ['org_id', 'node_id'],
  // node_id of schedule_a is nullable (the house), which 18.16 cannot sort by
  schedule_a: ['org_id', 'effective_from'],
  residual_splits: ['org_id', 'node_id', 'effective_from'],
  residual_adjustments: ['org_id', 'month', 'node_id'],
  terminals: ['org_id', 'merchant_id', 'terminal_id'],
  transactions: ['org_id', 'merchant_id', 'txn_date'],
  chargebacks: ['org_id', 'merchant_id', 'received_date'],
  dispute_events: ['org_id', 'chargeback_id', 'seq'],
  settlements: ['org_id', 'merchant_id', 'batch_date'],
  planted_signals: ['org_id', 'merchant_id'],
  merchant_daily: ['org_id', 'merchant_id', 'day', 'card_present'],
  merchant_dim: ['org_id', 'merchant_id'],
  datasets: ['org_id'],
};

/** The facts that hold an organisation's bulk, spread over a cluster's shards by merchant. */
const SHARDED: ReadonlySet<AnalyticsTable> = new Set(['transactions', 'chargebacks', 'settlements', 'merchant_daily']);

/**
 * Which shard holds a fact row: a merchant's rows lie together on one shard (so its facts, rollup and
 * any per-merchant join meet there), and one organisation's merchants spread over every shard.
 */
export const SHARDING_KEY = 'cityHash64(org_id, merchant_id)';

export interface ClickHouseTable {
  name: AnalyticsTable;
  /**
   * `shared`: dimension rows every organisation reads, replaced whole. `organisation`: partitioned by
   * org_id, so one organisation's rows are replaced with `REPLACE PARTITION` (synchronous in 18.16,
   * unlike `ALTER … DELETE`, which is an asynchronous mutation) without touching the others.
   */
  scope: 'shared' | 'organisation';
  /**
   * On a cluster (clickhouseShards.ts): true for the facts, spread over the shards by SHARDING_KEY in
   * `<name>_local` tables behind a Distributed table of the name; false for the reference and dimension
   * tables, a full copy on every shard, so a query's one JOIN reads them on the shard it runs on.
   */
  sharded: boolean;
  columns: readonly TableColumn[];
  orderBy: readonly string[];
}

function describeTables(statements: Record<string, string>, scope: ClickHouseTable['scope']): ClickHouseTable[] {
  return Object.entries(statements).map(([key, ddl]) => {
    const { name: created, columns } = tableColumns(ddl);
    if (created !== key)
      throw new Error(`clickhouseTables: tables.ts names the statement ${key} but it creates ${created}`);
    const name = key as AnalyticsTable;
    return { name, scope, sharded: SHARDED.has(name), columns, orderBy: ORDER_BY[name] };
  });
}

const SOURCE_TABLES = [
  ...describeTables(DIMENSION_TABLES, 'shared'),
  ...describeTables(FACT_TABLES, 'organisation'),
  ...describeTables(ROLLUP_TABLES, 'organisation'),
];

// merchant_dim is a view in DuckDB and a table here, filled from the view at copy time: 18.16 allows one
// JOIN per SELECT, so facts join this flattened relation (tables.ts). A view's statement says nothing
// about types or nullability, so each column takes its source column's: merchants' of the same name,
// or the one named here.
// The hierarchy's columns come through left joins (a house account has no agent), so they are nullable.
const MERCHANT_DIM_SOURCES: Record<string, readonly [AnalyticsTable, string, 'nullable'?]> = {
  industry_group: ['industry_groups', 'name'],
  region: ['regions', 'name'],
  pricing_plan_type: ['pricing_plans', 'plan_type'],
  agent_code: ['portfolio_nodes', 'code', 'nullable'],
  agent_name: ['portfolio_nodes', 'name', 'nullable'],
  sub_iso_code: ['portfolio_nodes', 'code', 'nullable'],
  sub_iso_name: ['portfolio_nodes', 'name', 'nullable'],
};

function merchantDim(): ClickHouseTable {
  const columns = MERCHANT_DIM_COLUMNS.map((name) => {
    const [table, column, nullable] = MERCHANT_DIM_SOURCES[name] ?? ['merchants', name];
    const source = SOURCE_TABLES.find((candidate) => candidate.name === table)?.columns.find(
      (candidate) => candidate.name === column,
    );
    if (!source)
      throw new Error(
        `clickhouseTables: merchant_dim.${name} has no source column ${table}.${column}; name it in MERCHANT_DIM_SOURCES`,
      );
    return { ...source, name, ...(nullable ? { nullable: true } : {}) };
  });
  return { name: 'merchant_dim', scope: 'organisation', sharded: false, columns, orderBy: ORDER_BY.merchant_dim };
}

/** Every analytics table in load order: dimensions, facts, rollup, merchant_dim, then the datasets ledger last. */
export const CLICKHOUSE_TABLES: readonly ClickHouseTable[] = [
  ...SOURCE_TABLES,
  merchantDim(),
  ...describeTables(LEDGER_TABLES, 'organisation'),
];

/** `create table if not exists` for `table`, under its own name or `as` (a staging copy). */
export function clickhouseTableDdl(table: ClickHouseTable, as: string = table.name): string {
  const columns = table.columns.map((column) => `  ${clickhouseColumnSql(column)}`);
  const partition = table.scope === 'organisation' ? ' partition by org_id' : '';
  return `create table if not exists ${as} (\n${columns.join(',\n')}\n) engine = MergeTree()${partition} order by (${table.orderBy.join(', ')})`;
}

/** A sharded table's MergeTree on each shard of a cluster. */
export const localTableName = (table: ClickHouseTable) => `${table.name}_local`;

/** The Distributed table under a sharded table's own name, in front of every shard's local table. */
export function distributedTableDdl(table: ClickHouseTable, cluster: string, database: string): string {
  const local = localTableName(table);
  return `create table if not exists ${table.name} as ${local} engine = Distributed(${cluster}, ${database}, ${local}, ${SHARDING_KEY})`;
}

/** A column's definition: name, type and default. */
export function clickhouseColumnSql(column: TableColumn): string {
  return `${column.name} ${clickhouseType(column)}${clickhouseDefault(column)}`;
}

export function clickhouseType(column: TableColumn): string {
  const type = column.type;
  const base =
    type.kind === 'decimal'
      ? `Decimal(${type.precision}, ${type.scale})`
      : {
          varchar: 'String',
          boolean: 'UInt8', // 18.16 has no Bool
          integer: 'Int32',
          bigint: 'Int64',
          double: 'Float64',
          date: 'Date',
          // DuckDB timestamps carry no zone; pinning UTC makes the text round-trip whatever the server's
          // zone is (no DST gap can shift a value). 18.16 has no DateTime64: seconds only.
          timestamp: "DateTime('UTC')",
        }[type.kind];
  return column.nullable ? `Nullable(${base})` : base;
}

function clickhouseDefault(column: TableColumn): string {
  const value = column.defaultValue;
  if (value === undefined) return '';
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'false') return ` default ${lower === 'true' ? 1 : 0}`;
  if (value.startsWith("'")) return ` default ${clickhouseString(value.slice(1, -1).replaceAll("''", "'"))}`;
  return ` default ${lower === 'null' ? 'NULL' : value}`;
}
