// The merchant_daily rollup (DATA.md §5): every part of catalogue/parts.ts summed per merchant, day and
// channel. The SQL is rendered from PARTS, never re-typed, so the rollup and a raw-table query of the
// same part cannot disagree. Transactions count on their txn_date, chargebacks on their received_date.
import type { DuckDBConnection } from '@duckdb/node-api';
import { PARTS, PART_IDS, type Part, type PartId } from '../catalogue/parts.ts';
import type { FactSource } from '../catalogue/parts.ts';

const DAY_COLUMN: Record<FactSource, string> = { transactions: 'txn_date', chargebacks: 'received_date' };

/** `count(*) filter (where c)` or `coalesce(sum(e) filter (where c), 0)`, as the part says. */
function renderPart(part: Part): string {
  const filter = part.condition ? ` filter (where ${part.condition})` : '';
  if (part.kind === 'count') return `count(*)${filter}`;
  if (!part.expression) throw new Error(`A sum part needs an expression, received ${JSON.stringify(part)}`);
  return `coalesce(sum(${part.expression})${filter}, 0)`;
}

const partsOf = (source: FactSource) => PART_IDS.filter((id) => PARTS[id].source === source);

function aggregate(source: FactSource, orgId: number, merchants: string): string {
  const columns = partsOf(source).map((id: PartId) => `${renderPart(PARTS[id])} as ${id}`);
  return `select org_id, merchant_id, ${DAY_COLUMN[source]} as day, card_present, ${columns.join(', ')}
    from ${source} where org_id = ${orgId}${merchants} group by org_id, merchant_id, ${DAY_COLUMN[source]}, card_present`;
}

/** The SELECT producing one organisation's merchant_daily rows (a full outer join of both facts). */
function merchantDailySql(orgId: number, merchants: string): string {
  if (!Number.isSafeInteger(orgId)) throw new Error(`Expected an integer orgId, received ${orgId}`);
  const key = ['org_id', 'merchant_id', 'day', 'card_present'];
  const values = PART_IDS.map((id) => `coalesce(${PARTS[id].source === 'transactions' ? 't' : 'c'}.${id}, 0) as ${id}`);
  return `select ${key.map((k) => `coalesce(t.${k}, c.${k}) as ${k}`).join(', ')}, ${values.join(', ')}
    from (${aggregate('transactions', orgId, merchants)}) t
    full outer join (${aggregate('chargebacks', orgId, merchants)}) c on ${key.map((k) => `t.${k} = c.${k}`).join(' and ')}`;
}

/**
 * Deletes and rebuilds one organisation's merchant_daily rows from its transactions and chargebacks
 * (generated and uploaded alike). Its caller keeps readers away meanwhile: generateDataset writes the
 * organisation's ledger row only after it, and an organisation without one is answered with no rows.
 */
export async function buildMerchantDaily(connection: DuckDBConnection, orgId: number, merchantIds?: string): Promise<void> {
  // An upload rebuilds only the merchants it touched: `merchantIds` is a subquery of their ids.
  const merchants = merchantIds ? ` and merchant_id in (${merchantIds})` : '';
  await connection.run(`delete from merchant_daily where org_id = ${orgId}${merchants}`);
  await connection.run(`insert into merchant_daily (org_id, merchant_id, day, card_present, ${PART_IDS.join(', ')}) ${merchantDailySql(orgId, merchants)}`);
}
