// The merchant_daily rollup: every part of catalogue/parts.ts summed per merchant, day and
// channel. The SQL is rendered from PARTS, never re-typed, so the rollup and a raw-table query of the
// same part cannot disagree. Each part counts on its source's day (FACT_SOURCES): transactions on their
// txn_date, chargebacks on their received_date, and again, for the cohort view, on their sale_date.
import type { DuckDBConnection } from '@duckdb/node-api';
import { FACT_SOURCES, PARTS, PART_IDS, type FactSource, type Part } from '../catalogue/parts.ts';

/** `count(*) filter (where c)` or `coalesce(sum(e) filter (where c), 0)`, as the part says. */
function renderPart(part: Part): string {
  const filter = part.condition ? ` filter (where ${part.condition})` : '';
  if (part.kind === 'count') return `count(*)${filter}`;
  if (!part.expression) throw new Error(`A sum part needs an expression, received ${JSON.stringify(part)}`);
  return `coalesce(sum(${part.expression})${filter}, 0)`;
}

const KEY = ['org_id', 'merchant_id', 'day', 'card_present'];

/** One source's parts per key, zeros for every other part (typed as the part, so the union agrees). */
function aggregate(source: FactSource, orgId: number, merchants: string): string {
  const { table, day } = FACT_SOURCES[source];
  const columns = PART_IDS.map((id) => {
    const part: Part = PARTS[id];
    return `${part.source === source ? renderPart(part) : part.money ? '0::decimal(18, 2)' : '0::bigint'} as ${id}`;
  });
  // a row without its source's day (an uploaded chargeback made before sale_date existed) has no place in time
  return `select org_id, merchant_id, ${day} as day, card_present, ${columns.join(', ')}
    from ${table} where org_id = ${orgId}${merchants} and ${day} is not null group by org_id, merchant_id, ${day}, card_present`;
}

/** The SELECT producing one organisation's merchant_daily rows: every source's parts, added per key. */
function merchantDailySql(orgId: number, merchants: string): string {
  if (!Number.isSafeInteger(orgId)) throw new Error(`Expected an integer orgId, received ${orgId}`);
  const sources = Object.keys(FACT_SOURCES) as FactSource[];
  return `select ${KEY.join(', ')}, ${PART_IDS.map((id) => `sum(${id})::${PARTS[id].money ? 'decimal(18, 2)' : 'bigint'} as ${id}`).join(', ')}
    from (${sources.map((source) => aggregate(source, orgId, merchants)).join(' union all ')}) group by ${KEY.join(', ')}`;
}

/**
 * Deletes and rebuilds one organisation's merchant_daily rows from its transactions and chargebacks
 * (generated and uploaded alike). Its caller keeps readers away meanwhile: generateDataset writes the
 * organisation's ledger row only after it, and an organisation without one is answered with no rows.
 */
export async function buildMerchantDaily(
  connection: DuckDBConnection,
  orgId: number,
  merchantIds?: string,
): Promise<void> {
  // An upload rebuilds only the merchants it touched: `merchantIds` is a subquery of their ids.
  const merchants = merchantIds ? ` and merchant_id in (${merchantIds})` : '';
  await connection.run(`delete from merchant_daily where org_id = ${orgId}${merchants}`);
  await connection.run(
    `insert into merchant_daily (org_id, merchant_id, day, card_present, ${PART_IDS.join(', ')}) ${merchantDailySql(orgId, merchants)}`,
  );
}
